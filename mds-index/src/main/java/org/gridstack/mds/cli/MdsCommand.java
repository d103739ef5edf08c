package org.gridstack.mds.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar mds-index.jar}: the MDS index's command line; each server is a subcommand
 * ({@link GrisCommand}, {@link GiisCommand}, {@link IndexCommand}). {@code --help} lists them.
 */
@Command(name = "mds-index", mixinStandardHelpOptions = true, version = "mds-index 0.1",
        description = "MDS-style information index: information providers served over LDAP (GRIS), aggregated by soft-state registration (GIIS), and an MDS4-style XML index over HTTP (index).",
        subcommands = {GrisCommand.class, GiisCommand.class, IndexCommand.class, CommandLine.HelpCommand.class})
public final class MdsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new MdsCommand()).execute(args));
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a server to run: gris, giis or index (see --help)");
    }
}
