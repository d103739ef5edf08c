package org.gridstack.grim.store.basex;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;

import org.basex.api.client.Session;

/** Opens BaseX sessions: embedded ({@link EmbeddedSessionFactory}) or client/server ({@link ClientSessionFactory}). Thread-safe. */
@ThreadSafe
interface SessionFactory extends AutoCloseable {
    /** A session with the configured (administrator) user. */
    Session open() throws IOException;

    /** A session as {@code user} (the read-only user of native queries). */
    Session open(String user, String password) throws IOException;

    @Override
    void close();
}
