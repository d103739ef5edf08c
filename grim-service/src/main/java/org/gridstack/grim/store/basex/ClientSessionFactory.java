package org.gridstack.grim.store.basex;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;

import org.basex.api.client.ClientSession;
import org.basex.api.client.Session;

/** {@link ClientSession}s to a BaseX server. Stateless apart from the settings; thread-safe. */
@ThreadSafe
final class ClientSessionFactory implements SessionFactory {
    private final BaseXSettings settings;

    ClientSessionFactory(BaseXSettings settings) {
        this.settings = requireNonNull(settings, "settings is null");
        if (settings.embedded()) {
            throw new IllegalArgumentException("client sessions need client settings, got " + settings.describe());
        }
    }

    @Override
    public Session open() throws IOException {
        return open(settings.user(), settings.password());
    }

    @Override
    public Session open(String user, String password) throws IOException {
        try {
            return new ClientSession(settings.host(), settings.port(), user, password);
        } catch (IOException e) {
            throw new IOException("cannot log in to BaseX server " + settings.host() + ":" + settings.port() + " as " + user + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
    }
}
