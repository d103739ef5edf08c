package org.gridstack.hawkeye.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code hawkeye}: the command line of the Hawkeye monitoring system (status, manager, agent, demo). */
@Command(name = "hawkeye", mixinStandardHelpOptions = true,
        description = "Hawkeye-style monitoring: ClassAd agents, a manager with constraint queries and triggers.",
        subcommands = {StatusCommand.class, ManagerCommand.class, AgentCommand.class, DemoCommand.class})
public final class HawkeyeCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new HawkeyeCommand()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
