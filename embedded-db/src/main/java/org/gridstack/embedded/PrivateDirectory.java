package org.gridstack.embedded;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Objects;

/**
 * A directory only the service's own account can write to, checked before every use: the
 * directory itself must be owned by the current user with no group or other permission bits
 * (mode 0700), and every ancestor must be owned by root or the current user and, where group or
 * others may write to it, carry the sticky bit (so nobody else can rename the directory away and
 * put their own in its place). Missing directories are created with mode 0700; an existing one
 * that fails a check is refused, never repaired, with a message that says what is wrong and what
 * to do.
 *
 * <p>The embedded PostgreSQL keeps its unpacked binaries and its data directories here, so that
 * no other local user can plant an {@code initdb} or {@code postgres} that runs as the service.
 * Immutable and thread-safe; {@link #verify()} touches the file system each time.
 */
@ThreadSafe
public final class PrivateDirectory {
    /** System property that chooses the directory; default {@code ${user.home}/.cache/gridstack/embedded-postgres}. */
    public static final String PROPERTY = "gridstack.embedded-pg.dir";

    private static final int STICKY = 01000;
    private static final int GROUP_OR_OTHER = 0077;
    private static final int GROUP_OR_OTHER_WRITE = 0022;

    private final Path path;

    /** The directory at {@code path} (made absolute); nothing is checked until {@link #verify()}. */
    public PrivateDirectory(Path path) {
        this.path = Objects.requireNonNull(path, "path is null").toAbsolutePath().normalize();
    }

    /**
     * The directory named by {@value #PROPERTY}, or {@code ${user.home}/.cache/gridstack/embedded-postgres}.
     * Never a directory given to zonky as its working directory ({@code ot.epg.working-dir}):
     * zonky makes that writable for all ({@code File.setWritable(true, false)}), which this check refuses.
     */
    public static PrivateDirectory forEmbeddedPostgres() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return new PrivateDirectory(Path.of(configured));
        }
        return new PrivateDirectory(Path.of(System.getProperty("user.home"), ".cache", "gridstack", "embedded-postgres"));
    }

    /** The directory's absolute path. */
    public Path path() {
        return path;
    }

    /**
     * Creates the directory (and missing parents, each with mode 0700) if needed, then checks it
     * and its ancestors as described above.
     *
     * @return the checked path
     * @throws IllegalStateException when another account could write to it or replace it
     * @throws IOException when it cannot be created or inspected
     */
    public Path verify() throws IOException {
        createMissing(path);
        UserPrincipal me = path.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name"));
        UserPrincipal owner = Files.getOwner(path, LinkOption.NOFOLLOW_LINKS);
        if (Files.isSymbolicLink(path) || !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            throw refuse(path + " is not a plain directory");
        }
        if (!owner.equals(me)) {
            throw refuse(path + " belongs to " + owner.getName() + ", not to " + me.getName()
                    + ": another account may have put its own PostgreSQL binaries there");
        }
        int mode = mode(path);
        if ((mode & GROUP_OR_OTHER) != 0) {
            throw refuse(path + " has mode " + octal(mode) + "; it must be 0700 (chmod 700 " + path + ")");
        }
        for (Path dir = path.getParent(); dir != null; dir = dir.getParent()) {
            Path real = dir.toRealPath();
            String dirOwner = Files.getOwner(real).getName();
            if (!dirOwner.equals("root") && !dirOwner.equals(me.getName())) {
                throw refuse("its parent " + dir + " belongs to " + dirOwner
                        + ", who could replace " + path);
            }
            int dirMode = mode(real);
            if ((dirMode & GROUP_OR_OTHER_WRITE) != 0 && (dirMode & STICKY) == 0) {
                throw refuse("its parent " + dir + " (mode " + octal(dirMode)
                        + ") lets other accounts rename " + path + " and put their own in its place");
            }
        }
        return path;
    }

    private static void createMissing(Path dir) throws IOException {
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path parent = dir.getParent();
        if (parent != null) {
            createMissing(parent);
        }
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException raced) {
            // another process of ours (or someone else) made it; verify() judges who
        }
    }

    private static int mode(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
    }

    private static String octal(int mode) {
        return String.format("%04o", mode & 07777);
    }

    private IllegalStateException refuse(String why) {
        return new IllegalStateException("refusing to use " + path + " for the embedded PostgreSQL: " + why
                + ". Its binaries and data must be writable only by this account; choose another directory with -D"
                + PROPERTY + "=<dir> (created with mode 0700 when missing).");
    }
}
