package org.gridstack.mds.registration;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionOptions;
import com.unboundid.ldap.sdk.LDAPException;
import java.time.Duration;

/**
 * Keeps a GRIS or GIIS registered with a higher GIIS: sends the registration add at once and
 * then every {@code regperiod}, so the GIIS drops it within {@code ttl} once this side stops.
 * A failed send is logged and retried at the next period. Thread-safe; {@link #close()} stops it.
 */
@ThreadSafe
public final class RegistrationSender implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RegistrationSender.class);
    /** Under which DN the add is sent; the GIIS looks only at the first RDN. */
    static final String PARENT = "o=Grid";

    private final String giisHost;
    private final int giisPort;
    @SuppressWarnings("ThreadSafe") // built by the factory for this sender alone, never modified, only read
    private final Entry entry;
    private final ScheduledExecutorService timer;

    private RegistrationSender(String giisHost, int giisPort, Entry entry) {
        this.giisHost = giisHost;
        this.giisPort = giisPort;
        this.entry = entry;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "register-to-" + giisHost + ":" + giisPort);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts registering.
     *
     * @param advertisedHost the host name the GIIS should contact; null: the address it sees
     */
    public static RegistrationSender start(String giisHost, int giisPort, String advertisedHost, int port, DN rootDn,
            Duration regperiod, Duration ttl, Duration cachettl, Duration timeout) {
        requireNonNull(giisHost, "giisHost is null");
        requireNonNull(rootDn, "rootDn is null");
        Entry e;
        try {
            e = RegistrationEntries.toEntry(new DN(PARENT), advertisedHost, port, rootDn, regperiod, ttl, cachettl, timeout);
        } catch (LDAPException x) {
            throw new IllegalStateException(x);
        }
        RegistrationSender s = new RegistrationSender(giisHost, giisPort, e);
        s.timer.scheduleAtFixedRate(s::sendQuietly, 0, regperiod.toMillis(), TimeUnit.MILLISECONDS);
        return s;
    }

    /** Sends the registration once; throws what the GIIS answered when it refused. */
    public void send() throws LDAPException {
        LDAPConnectionOptions o = new LDAPConnectionOptions();
        o.setConnectTimeoutMillis(10_000);
        o.setResponseTimeoutMillis(10_000);
        try (LDAPConnection c = new LDAPConnection(o, giisHost, giisPort)) {
            c.add(entry);
        }
    }

    private void sendQuietly() {
        try {
            send();
            log.debug("registered with {}:{}", giisHost, giisPort);
        } catch (LDAPException e) {
            log.warn("registration with GIIS {}:{} failed: {} {}", giisHost, giisPort, e.getResultCode(),
                    e.getDiagnosticMessage() == null ? e.getExceptionMessage() : e.getDiagnosticMessage());
        } catch (RuntimeException e) {
            log.warn("registration with GIIS {}:{} failed", giisHost, giisPort, e);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
