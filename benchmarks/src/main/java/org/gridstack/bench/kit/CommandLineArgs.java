package org.gridstack.bench.kit;

import java.util.Arrays;
import java.util.Objects;
import picocli.CommandLine;

/**
 * How every benchmark main reads its {@code --name=value} arguments: picocli fills an options
 * object (annotated with {@code @Command}/{@code @Option}; options on methods are applied in the
 * order given, so a later value can replace an earlier one), blank arguments (an empty Maven
 * property) are left out, and any mistake becomes an {@link IllegalArgumentException} whose
 * message says what was wrong followed by the usage. Stateless.
 */
public final class CommandLineArgs {
    private CommandLineArgs() {
    }

    /** Fills {@code options} from {@code args} and returns it. */
    public static <T> T parse(T options, String... args) {
        Objects.requireNonNull(options, "options is null");
        String[] given = Arrays.stream(args).filter(a -> a != null && !a.isBlank()).toArray(String[]::new);
        CommandLine cli = new CommandLine(options);
        try {
            cli.parseArgs(given);
        } catch (CommandLine.ParameterException e) {
            Throwable cause = e.getCause();
            String what = cause instanceof IllegalArgumentException ? cause.getMessage() : e.getMessage();
            throw new IllegalArgumentException(what + "; usage: " + usage(options), e);
        }
        return options;
    }

    /** The usage text of an options object, without colours. */
    public static String usage(Object options) {
        return new CommandLine(options).getUsageMessage(CommandLine.Help.Ansi.OFF);
    }
}
