package org.gridstack.bench.kit;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One process of a level driven by several ({@link MultiProcessDriver}): opens its share of the
 * clients with the named {@link ClosedLoopDriver.ClientFactory} (a public class with a constructor
 * taking {@code String[]}, or none), says {@code @agent ready} on stdout, waits for
 * {@code go EPOCH_MILLIS} on stdin, starts its warm-up at that wall-clock time (so agents on other
 * hosts start together when their clocks agree), drives its clients with {@link ClosedLoopDriver}
 * and prints {@code @agent result JSON} (its {@link LevelResult}, latency histogram included). A
 * failure is printed as {@code @agent failed MESSAGE} with exit code 1. Other output lines are the
 * factory's own.
 */
public final class LoadAgent {
    static final String PREFIX = "@agent ";
    /** The JSON of the protocol: one line per result; NaN (a client without queries) allowed. */
    static final ObjectMapper JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS).build();

    private LoadAgent() {
    }

    @Command(name = "LoadAgent", description = "one process of a multi-process load level (started by MultiProcessDriver)")
    static final class Options {
        @Option(names = "--factory", required = true, paramLabel = "CLASS", description = "the client factory class")
        String factory;

        @Option(names = "--factory-arg", paramLabel = "ARG", description = "an argument of the factory's constructor (repeatable)")
        List<String> factoryArgs = new ArrayList<>();

        @Option(names = "--clients", required = true, paramLabel = "N", description = "clients in this process")
        int clients;

        @Option(names = "--first-client", paramLabel = "I", description = "number of the first client (default 0)")
        int firstClient;

        @Option(names = "--warmup-millis", paramLabel = "MS", description = "warm-up")
        long warmupMillis;

        @Option(names = "--measure-millis", required = true, paramLabel = "MS", description = "measured interval")
        long measureMillis;

        @Option(names = "--think-millis", paramLabel = "MS", description = "think time between a client's queries")
        long thinkMillis;

        @Option(names = "--on-error", paramLabel = "FAIL_RUN|COUNT", description = "what a failed query does (default FAIL_RUN)")
        ClosedLoopDriver.OnError onError = ClosedLoopDriver.OnError.FAIL_RUN;
    }

    public static void main(String[] args) {
        try {
            Options o = CommandLineArgs.parse(new Options(), args);
            ClosedLoopDriver.ClientFactory factory = factory(o.factory, o.factoryArgs.toArray(String[]::new));
            ClosedLoopDriver.Level level = new ClosedLoopDriver.Level(o.clients, Duration.ofMillis(o.warmupMillis),
                    Duration.ofMillis(o.measureMillis), Duration.ofMillis(o.thinkMillis), o.onError);
            BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            LevelResult r = ClosedLoopDriver.run(level, factory, o.firstClient, () -> awaitGo(commands), ClosedLoopDriver.Window.NONE);
            System.out.println(PREFIX + "result " + JSON.writeValueAsString(r));
            System.out.flush();
            System.exit(0);
        } catch (Throwable e) {
            System.out.println(PREFIX + "failed " + String.valueOf(e).replace('\n', ' '));
            System.out.flush();
            System.exit(1);
        }
    }

    private static void awaitGo(BufferedReader commands) throws Exception {
        System.out.println(PREFIX + "ready");
        System.out.flush();
        String line = commands.readLine();
        if (line == null || !line.startsWith("go ")) {
            throw new IllegalStateException("expected 'go EPOCH_MILLIS' from the controller, got " + line);
        }
        long startAt = Long.parseLong(line.substring(3).strip());
        long wait = startAt - System.currentTimeMillis();
        if (wait > 0) {
            Thread.sleep(wait);
        }
    }

    private static ClosedLoopDriver.ClientFactory factory(String className, String[] args) throws Exception {
        Class<?> type = Class.forName(className);
        if (!ClosedLoopDriver.ClientFactory.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(className + " is not a ClosedLoopDriver.ClientFactory");
        }
        try {
            return (ClosedLoopDriver.ClientFactory) type.getConstructor(String[].class).newInstance((Object) args);
        } catch (NoSuchMethodException e) {
            if (args.length > 0) {
                throw new IllegalArgumentException(className + " has no public constructor taking String[] for its arguments");
            }
            return (ClosedLoopDriver.ClientFactory) type.getConstructor().newInstance();
        }
    }
}
