package org.gridstack.mds.gris;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.util.List;

import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.directory.DirectoryAssembler;
import org.gridstack.mds.directory.DirectorySearch;
import org.gridstack.mds.ldap.ContentSource;
import org.gridstack.mds.ldap.DirectoryRequestHandler;
import org.gridstack.mds.ldap.ReadOnlyRequestHandler;
import org.gridstack.mds.ldap.LdapFrontEnd;
import org.gridstack.mds.ldap.RunningListener;
import org.gridstack.mds.ldap.StepTimers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.listener.AccessLogRequestHandler;
import com.unboundid.ldap.listener.ConcurrentRequestLimiterRequestHandler;
import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.sdk.schema.Schema;

/**
 * A GRIS: an LDAP server ({@link LdapFrontEnd}'s listener) whose entries come from a
 * {@link ProviderCache}. Its request handlers wrap each other, outermost first: the SDK's
 * {@link AccessLogRequestHandler} (when enabled) and
 * {@link ConcurrentRequestLimiterRequestHandler} with a fair semaphore ({@link LdapFrontEnd}), our
 * {@link ReadOnlyRequestHandler} ({@code unwillingToPerform} for writes) and our
 * {@link DirectoryRequestHandler}. Owns the cache it is given and closes it.
 * Thread-safe; {@link #close()} stops listening and closes connections.
 */
@ThreadSafe
public final class GrisServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GrisServer.class);

    private final GrisConfig config;
    private final ProviderCache cache;
    private final RunningListener listener;

    private GrisServer(GrisConfig config, ProviderCache cache, RunningListener listener) {
        this.config = config;
        this.cache = cache;
        this.listener = listener;
    }

    /**
     * Starts listening.
     *
     * @param schema the matching rules for filters (null: the SDK's defaults)
     */
    public static GrisServer start(GrisConfig config, ProviderCache cache, Schema schema) throws IOException {
        return start(config, cache, schema, StepTimers.global("gris"));
    }

    /** Starts listening, timing each search's steps with {@code timers}. */
    public static GrisServer start(GrisConfig config, ProviderCache cache, Schema schema, StepTimers timers)
            throws IOException {
        requireNonNull(config, "config is null");
        requireNonNull(timers, "timers is null");
        requireNonNull(cache, "cache is null");
        DirectoryAssembler assembler = new DirectoryAssembler(config.suffixes());
        DirectorySearch search = new DirectorySearch(schema, config.sizeLimit(), config.timeLimitSeconds());
        LDAPListenerRequestHandler handler = new DirectoryRequestHandler(ContentSource.of(cache::read, assembler), search,
                config.suffixes(), timers, !config.accessLog());
        handler = new ReadOnlyRequestHandler(handler,
                "this GRIS is read-only: its entries come from its information providers");
        RunningListener listener = LdapFrontEnd.start(config.listenerSettings(), handler);
        GrisServer server = new GrisServer(config, cache, listener);
        log.info("GRIS listening on port {} for {} with {} providers, cache {}", server.port(), config.suffixes(),
                cache.providers().size(), cache.mode());
        return server;
    }

    /** The port listened on (the chosen one when configured with 0). */
    public int port() {
        return listener.port();
    }

    public GrisConfig config() {
        return config;
    }

    public ProviderCache cache() {
        return cache;
    }

    public List<String> suffixNames() {
        return config.suffixes().stream().map(Object::toString).toList();
    }

    @Override
    public void close() {
        listener.close();
        cache.close();
    }
}
