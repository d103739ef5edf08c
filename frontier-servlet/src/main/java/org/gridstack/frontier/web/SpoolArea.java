package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.stream.Stream;
import org.gridstack.service.admission.AddressShare;

/**
 * Disk for answers larger than the memory one answer may hold ({@code frontier.response-buffer-bytes}),
 * so that such an answer is produced completely, and its database connection given back, before a
 * slow client reads it. Each answer gets its own file ({@link SpoolFile}) in a private directory
 * (mode 0700, created at start under {@code frontier.spool-directory}, removed at close); the file
 * is unlinked as soon as it is open, so nothing is left behind however the process ends.
 *
 * <p>Bounded twice, in units of {@value #UNIT} bytes taken as a file grows: per client address
 * ({@code frontier.spool-client-bytes}, service-kit's {@link AddressShare}, so one address cannot
 * take the disk from the others) and for all answers together ({@code frontier.spool-total-bytes}).
 * An answer that cannot get more is sent from then on as it is produced ({@link SpoolFile#refusal()}
 * says which share was used up), holding its connection while the client reads, as with spooling off.
 * A per-address size of 0 turns spooling off: answers over the memory buffer are then sent as they
 * are produced, holding their connection while the client reads.
 *
 * <p>Thread-safe.
 */
@ThreadSafe
final class SpoolArea implements AutoCloseable {
    /** The unit the shares are counted in. */
    static final int UNIT = 1 << 20;

    private final Path directory;
    private final long perClientBytes;
    private final AddressShare perClient;
    private final ByteBudget total;

    private SpoolArea(Path directory, long perClientBytes, ByteBudget total) {
        this.directory = directory;
        this.perClientBytes = perClientBytes;
        this.perClient = perClientBytes == 0 ? null : new AddressShare((int) (perClientBytes / UNIT));
        this.total = total;
    }

    /**
     * Creates the private directory under {@code parent}.
     *
     * @param perClientBytes disk one client address may hold; 0 turns spooling off (nothing is created)
     * @param totalBytes disk all answers may hold together
     * @throws IllegalArgumentException a size that is neither 0 nor a whole number of {@value #UNIT}-byte units
     * @throws UncheckedIOException the directory cannot be created
     */
    static SpoolArea create(Path parent, long perClientBytes, long totalBytes) {
        Objects.requireNonNull(parent, "parent is null");
        if (perClientBytes < 0 || perClientBytes % UNIT != 0 || perClientBytes / UNIT > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("frontier.spool-client-bytes must be 0 (no spooling) or a multiple of " + UNIT
                    + " bytes, got " + perClientBytes);
        }
        if (totalBytes < perClientBytes) {
            throw new IllegalArgumentException("frontier.spool-total-bytes (" + totalBytes
                    + ") must be at least frontier.spool-client-bytes (" + perClientBytes + ")");
        }
        if (perClientBytes == 0) {
            return new SpoolArea(null, 0, new ByteBudget(0));
        }
        try {
            Files.createDirectories(parent);
            Path dir = Files.createTempDirectory(parent, "frontier-spool-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            return new SpoolArea(dir, perClientBytes, new ByteBudget(totalBytes));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the answer spool directory under " + parent
                    + " (frontier.spool-directory): " + e.getMessage(), e);
        }
    }

    /** Whether answers over the memory buffer are spooled. */
    boolean enabled() {
        return perClient != null;
    }

    /** The private directory, or {@code null} when spooling is off. */
    Path directory() {
        return directory;
    }

    /** Bytes of all spooled answers now. */
    long used() {
        return total.used();
    }

    /** A spool for one answer of {@code client}'s; its file is created on its first write. Null when spooling is off. */
    SpoolFile forClient(InetAddress client) {
        Objects.requireNonNull(client, "client is null");
        return enabled() ? new SpoolFile(this, client) : null;
    }

    /** Takes one unit for {@code client}; null (taking nothing) with the reason in {@code why[0]} when over a limit. */
    AddressShare.Slot takeUnit(InetAddress client, String[] why) {
        AddressShare.Slot slot = perClient.tryEnter(client);
        if (slot == null) {
            why[0] = "the answer is larger than this client address may spool to disk at once (frontier.spool-client-bytes, "
                    + perClientBytes + " bytes, less what its other answers being sent hold); narrow the query or retry later";
            return null;
        }
        if (!total.tryTake(UNIT)) {
            slot.close();
            why[0] = "the server's disk for answers being sent is used up (frontier.spool-total-bytes, " + total.total()
                    + " bytes); retry later";
            return null;
        }
        return () -> {
            slot.close();
            total.give(UNIT);
        };
    }

    /** Creates an answer's file, readable and writable by this process's user only. */
    Path newFile() throws IOException {
        return Files.createTempFile(directory, "answer-", ".spool",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }

    /** Removes the directory (files of answers still being sent are unlinked already and stay readable until closed). */
    @Override
    public void close() throws IOException {
        if (directory == null) {
            return;
        }
        try (Stream<Path> left = Files.list(directory)) {
            for (Path p : (Iterable<Path>) left::iterator) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(directory);
    }
}
