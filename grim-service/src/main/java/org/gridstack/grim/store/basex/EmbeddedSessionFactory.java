package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.basex.api.client.LocalSession;
import org.basex.api.client.Session;
import org.basex.core.Context;
import org.basex.core.StaticOptions;

/**
 * Sessions on one in-process {@link Context} whose DBPATH is {@code dbPath}. The static options
 * are not read from any {@code .basex} file, so tests and services never share configuration by
 * accident. Each session is a {@link LocalSession} (its own child context); the Context is
 * thread-safe and BaseX's locking serialises writers. With {@code fairLock}, BaseX schedules
 * transactions first in, first out (FAIRLOCK): a writer waits only for the transactions already
 * running, never for readers that came after it. Closing closes the Context.
 */
@ThreadSafe
final class EmbeddedSessionFactory implements SessionFactory {
    @SuppressWarnings("ThreadSafe") // BaseX's Context is thread-safe (each session gets its own child context)
    private final Context context;

    EmbeddedSessionFactory(Path dbPath) {
        this(dbPath, false);
    }

    EmbeddedSessionFactory(Path dbPath, boolean fairLock) {
        requireNonNull(dbPath, "dbPath is null");
        try {
            Files.createDirectories(dbPath);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot create BaseX DBPATH " + dbPath + ": " + e.getMessage(), e);
        }
        StaticOptions options = new StaticOptions(false);
        options.set(StaticOptions.DBPATH, dbPath.toAbsolutePath().toString());
        options.set(StaticOptions.FAIRLOCK, fairLock);
        this.context = new Context(options);
    }

    /** The shared context (for a test that starts a {@link org.basex.BaseXServer} on it). */
    Context context() {
        return context;
    }

    @Override
    public Session open() {
        return new LocalSession(context);
    }

    @Override
    public Session open(String user, String password) throws IOException {
        return new LocalSession(context, user, password);
    }

    @Override
    public void close() {
        context.close();
    }
}
