package org.gridstack.rgma.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code rgma} command, in the spirit of R-GMA's {@code rgma} shell: run a server
 * ({@code serve}, {@code demo}) or talk to one (declare a table, create a producer, insert,
 * query latest/history/static, follow a continuous query, list producers, show the schema).
 */
@Command(name = "rgma", mixinStandardHelpOptions = true, subcommands = {ServeCommand.class, DemoCommand.class,
        ClientCommands.CreateTable.class, ClientCommands.Tables.class, ClientCommands.CreateProducer.class,
        ClientCommands.Insert.class, ClientCommands.Query.class, ClientCommands.Stream.class, ClientCommands.Producers.class},
        description = "R-GMA: a relational virtual database of monitoring data")
public final class RgmaCommand implements Runnable {

    public static void main(String[] args) {
        int code = new CommandLine(new RgmaCommand()).execute(args);
        if (code != 0 || args.length == 0 || !(args[0].equals("serve") || args[0].equals("demo"))) {
            System.exit(code);
        }
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
