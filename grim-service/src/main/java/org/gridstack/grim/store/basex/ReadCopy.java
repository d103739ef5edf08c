package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.basex.api.client.Session;
import org.basex.core.cmd.XQuery;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The copy of the database that anonymous native XQueries read (embedded BaseX only), so that
 * they never hold a lock the writer needs: it lives in a BaseX context of its own (its own
 * DBPATH and lock manager) and is brought up to date in the background by one follower thread.
 *
 * <p>Why: a native query runs inside {@code xquery:eval}, for which BaseX cannot tell statically
 * which databases it reads, so it holds BaseX's global read lock while it runs, and a writer of
 * one database waits until no global reader runs at all: a few anonymous clients sending slow
 * XQueries back to back kept the provider's writer waiting for as long as they liked. Here the
 * writer of the main database never meets them. On the copy, the follower writes under the
 * global write lock of a first-in-first-out (FAIRLOCK) context: it waits only for the XQueries
 * already running (each stopped at the native-query timeout), XQueries arriving later wait
 * behind it, and it applies everything queued meanwhile in one transaction. Answers of native
 * XQueries therefore lag the main database by at most about one native-query timeout while
 * slow queries run (plus the time to apply what queued up), and by milliseconds otherwise.
 *
 * <p>The copy starts from a BaseX backup of the main database ({@link #replaceFrom}) and then
 * follows the batches the main database applied ({@link #follow}), in the same order. A batch
 * the copy fails to apply (it cannot: it holds the same objects) makes it start again from a
 * new backup ({@code resync}). Thread-safe.
 */
@ThreadSafe
final class ReadCopy implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ReadCopy.class);

    /** Work for the follower, in the order the main database did it. */
    private sealed interface Job permits Replace, Follow, Stop {
    }

    /** Start again from this backup (a zip in the copy's DBPATH). */
    private record Replace(Path backup) implements Job {
    }

    /** Apply what the main database applied. */
    private record Follow(List<Update> batch) implements Job {
    }

    private record Stop() implements Job {
    }

    /** Pause before starting the copy again after a failure. */
    private static final Duration RETRY_PAUSE = Duration.ofSeconds(1);

    private final String database;
    private final Path dbPath;
    private final EmbeddedSessionFactory sessions;
    private final ReaderSessions readers;
    @SuppressWarnings("ThreadSafe") // the owner's callback, run by the follower thread alone
    private final Runnable resync;
    @SuppressWarnings("ThreadSafe") // jobs of immutable records (the batch List.copyOf), each taken by the follower thread alone
    private final LinkedBlockingQueue<Job> jobs = new LinkedBlockingQueue<>();
    private final CountDownLatch loaded = new CountDownLatch(1);
    private final Thread follower;

    /**
     * @param dbPath   the copy's own DBPATH (created if missing); nothing else may use it
     * @param settings the main database's settings (database name, reader user, pool size)
     * @param resync   called (from the follower thread) when the copy must start again: it
     *                 must call {@link #replaceFrom} with the main database, serialised with its writes
     */
    ReadCopy(Path dbPath, BaseXSettings settings, Runnable resync) {
        this.dbPath = requireNonNull(dbPath, "dbPath is null");
        requireNonNull(settings, "settings is null");
        this.database = settings.database();
        this.resync = requireNonNull(resync, "resync is null");
        this.sessions = new EmbeddedSessionFactory(dbPath, true);
        this.readers = new ReaderSessions(sessions, settings.readerUser(), settings.poolSize());
        this.follower = new Thread(this::follow, "grim-basex-read-copy");
        follower.setDaemon(true);
        follower.start();
    }

    /**
     * Makes a backup of the main database with {@code mainAdmin} (an administrator session of the
     * main context, whose DBPATH is {@code mainDbPath}) and queues it as the copy's new start.
     * The caller holds the main database's write lock, so no batch applied to the main database
     * can fall between the backup and the batches queued after it.
     */
    void replaceFrom(Session mainAdmin, Path mainDbPath) throws IOException {
        try (Stream<Path> before = backups(mainDbPath)) {
            for (Path stale : before.toList()) {
                Files.deleteIfExists(stale);
            }
        }
        mainAdmin.execute("CREATE BACKUP " + database);
        Path made;
        try (Stream<Path> after = backups(mainDbPath)) {
            made = after.findFirst().orElseThrow(() -> new IOException("BaseX made no backup of " + database + " in " + mainDbPath));
        }
        Path target = dbPath.resolve(made.getFileName());
        Files.move(made, target, StandardCopyOption.REPLACE_EXISTING);
        jobs.add(new Replace(target));
    }

    /** Queues a batch the main database has applied (in the order it applied them). */
    void follow(List<Update> batch) {
        jobs.add(new Follow(List.copyOf(batch)));
    }

    /**
     * The read-only sessions of the copy; waits up to {@code wait} for the copy's first load.
     *
     * @throws GrimException 503 when the copy is not loaded by then
     */
    SessionPool readers(Duration wait) throws IOException {
        try {
            if (!loaded.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw GrimException.backendFailed("basex", "the copy native queries read is still being loaded", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the read copy", e);
        }
        return readers.pool();
    }

    /** Waits up to {@code wait} until the copy was loaded once; returns at once after that. */
    void awaitFirstLoad(Duration wait) {
        try {
            if (!loaded.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw GrimException.backendFailed("basex", "copying the database for native queries took longer than " + wait, null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw GrimException.backendFailed("basex", "copying the database for native queries", e);
        }
    }

    /** Batches queued but not yet applied to the copy (0 when it is current). */
    int pending() {
        return jobs.size();
    }

    private Stream<Path> backups(Path dir) throws IOException {
        String prefix = database + "-";
        return Files.list(dir).filter(p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(".zip") && Files.isRegularFile(p);
        });
    }

    private void follow() {
        while (true) {
            List<Job> work = new ArrayList<>();
            try {
                work.add(jobs.take());
            } catch (InterruptedException e) {
                return;
            }
            jobs.drainTo(work);
            int start = 0;
            Path backup = null;
            for (int i = 0; i < work.size(); i++) {
                Job j = work.get(i);
                if (j instanceof Stop) {
                    return;
                }
                if (j instanceof Replace r) {
                    if (backup != null && !backup.equals(r.backup())) {
                        deleteQuietly(backup);
                    }
                    backup = r.backup();
                    start = i + 1;
                }
            }
            List<Update> updates = new ArrayList<>();
            for (Job j : work.subList(start, work.size())) {
                updates.addAll(((Follow) j).batch());
            }
            try (Session s = sessions.open()) {
                if (backup != null) {
                    restore(s, backup);
                }
                if (!updates.isEmpty() && loaded.getCount() == 0) {
                    String write = new UpdateApplier(database, new RequestCounter(s)).checked(updates);
                    if (write != null) {
                        exclusive(s, write);
                    }
                }
            } catch (IOException | RuntimeException e) {
                log.warn("basex read copy: could not follow the main database ({}); starting it again from a backup", e.toString());
                try {
                    Thread.sleep(RETRY_PAUSE.toMillis()); // a copy that keeps failing must not keep a core busy

                    resync.run();
                } catch (InterruptedException stop) {
                    return;
                } catch (RuntimeException again) {
                    log.error("basex read copy: could not start it again; native XQueries read older data until the next load", again);
                }
            }
        }
    }

    private void restore(Session s, Path backup) throws IOException {
        try {
            String name = backup.getFileName().toString();
            exclusive(s, "db:restore(" + XQueryText.str(name.substring(0, name.length() - ".zip".length())) + ")");
            loaded.countDown();
        } finally {
            deleteQuietly(backup);
        }
    }

    /**
     * Runs the updating {@code xquery} under BaseX's global write lock: {@code xquery:eval-update}
     * hides which databases it changes, so BaseX locks them all. Native queries hold the global
     * read lock (they run in {@code xquery:eval}); a writer of one database waits until no
     * global reader runs, which readers that keep overlapping never allow, while the global
     * write lock of a FAIRLOCK context is queued first in, first out with them.
     */
    private static void exclusive(Session s, String xquery) throws IOException {
        s.execute(new XQuery("xquery:eval-update(" + XQueryText.str(xquery) + ")"));
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // a leftover backup in a temporary directory is harmless
        }
    }

    @Override
    public void close() {
        jobs.add(new Stop());
        try {
            follower.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        follower.interrupt();
        readers.close();
        sessions.close();
    }
}
