package org.gridstack.bench.kit;

import static org.gridstack.bench.kit.CommandLineArgs.orPreset;

import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The users of seed 001's four experiment sets, for every main that runs them (MDS2, R-GMA, the
 * three designs side by side; a picocli mixin beside {@link PresetOptions}): {@code --users} (the
 * user counts of sets 1 and 2), {@code --fixed-users} (the users of sets 3 and 4) and
 * {@code --think-millis} (each user's wait between an answer and its next query); an option left
 * out takes the preset's value. Not thread-safe: one command line fills it.
 */
public final class ThinkingUserOptions {
    @Option(names = "--users", split = ",", paramLabel = "N,...", description = "user counts of sets 1 and 2")
    private List<Integer> users;

    @Option(names = "--fixed-users", paramLabel = "N", description = "users of sets 3 and 4 (seed: 10)")
    private Integer fixedUsers;

    @Option(names = "--think-millis", paramLabel = "MS", description = "wait between an answer and the next query (seed: 1000)")
    private Long thinkMillis;

    /** The user counts of sets 1 and 2: given, else {@code preset}'s. */
    public List<Integer> users(ThinkingUserOptions preset) {
        return orPreset(users, preset.users, "users");
    }

    /** The users of sets 3 and 4: given, else {@code preset}'s. */
    public int fixedUsers(ThinkingUserOptions preset) {
        return orPreset(fixedUsers, preset.fixedUsers, "fixed-users");
    }

    /** The wait between an answer and the next query: given, else {@code preset}'s. */
    public Duration think(ThinkingUserOptions preset) {
        return Duration.ofMillis(orPreset(thinkMillis, preset.thinkMillis, "think-millis"));
    }
}
