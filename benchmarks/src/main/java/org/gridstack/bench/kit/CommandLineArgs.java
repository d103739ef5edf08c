package org.gridstack.bench.kit;

import java.util.Arrays;
import java.util.Objects;
import picocli.CommandLine;
import java.util.regex.Pattern;

/**
 * How every benchmark main reads its {@code --name=value} arguments: picocli fills an options
 * object (annotated with {@code @Command}/{@code @Option}; options on methods are applied in the
 * order given, so a later value can replace an earlier one), blank arguments and options given
 * with an empty value ({@code --sizes=}) are left out so the option keeps its default, enum values
 * are read in any case, and any mistake becomes an {@link IllegalArgumentException} whose message
 * says what was wrong followed by the usage. Stateless.
 */
public final class CommandLineArgs {
    private static final Pattern EMPTY_VALUE = Pattern.compile("--[A-Za-z0-9][A-Za-z0-9-]*=\\s*");

    private CommandLineArgs() {
    }

    /** Fills {@code options} from {@code args} and returns it. */
    public static <T> T parse(T options, String... args) {
        Objects.requireNonNull(options, "options is null");
        String[] given = Arrays.stream(args).filter(a -> a != null && !a.isBlank() && !EMPTY_VALUE.matcher(a).matches())
                .toArray(String[]::new);
        CommandLine cli = new CommandLine(options).setCaseInsensitiveEnumValuesAllowed(true);
        try {
            cli.parseArgs(given);
        } catch (CommandLine.ParameterException e) {
            Throwable cause = e.getCause();
            String what = cause instanceof IllegalArgumentException ? cause.getMessage() : e.getMessage();
            throw new IllegalArgumentException(what + "; usage: " + usage(options), e);
        }
        return options;
    }

    /**
     * {@code given} when the command line set the option, else {@code preset} (a scale's setting
     * from the experiment file, see {@code Experiment.preset}).
     *
     * @throws IllegalStateException when neither is set: the experiment file lacks the option
     */
    public static <V> V orPreset(V given, V preset, String option) {
        if (given != null) {
            return given;
        }
        if (preset == null) {
            throw new IllegalStateException("the experiment file sets no --" + option + " for this scale");
        }
        return preset;
    }

    /** The usage text of an options object, without colours. */
    public static String usage(Object options) {
        return new CommandLine(options).getUsageMessage(CommandLine.Help.Ansi.OFF);
    }
}
