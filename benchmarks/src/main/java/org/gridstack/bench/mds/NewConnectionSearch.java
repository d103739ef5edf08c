package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionOptions;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import org.gridstack.bench.kit.ClosedLoopDriver;
import com.unboundid.ldap.sdk.LDAPException;

/**
 * One seed 001 user: per query a new anonymous LDAP connection (seed 001's users connected for
 * every query, and its Client-Connect step is timed here into the {@code connect} timer), a
 * subtree search below {@code base} with {@code filter}, all attributes, MDS2's 75 s time limit,
 * then the connection is closed. An answer is right when it succeeds with exactly
 * {@code expected} entries, each from an IP ({@code MdsDevice}); anything else throws (an error,
 * never a query). Adds the answer's entry count as payload. {@link #check()} is one such query
 * that also measures the answer's size (done once per level, not per query: the clients share
 * the servers' JVM). One thread only.
 */
final class NewConnectionSearch implements ClosedLoopDriver.Client {
    private final int port;
    private final SearchRequest request;
    private final int expected;
    private final Timer connect;
    private final LDAPConnectionOptions options = new LDAPConnectionOptions();
    private final boolean projected;

    NewConnectionSearch(int port, String base, String filter, int expected, Timer connect) {
        this(port, base, filter, expected, connect, new String[0]);
    }

    /**
     * A user asking only for {@code attributes} of every entry (none: all); a projected answer's
     * entries are checked by their DN (an IP's {@code Mds-Device-Group-name}) and may hold no other
     * attribute.
     */
    NewConnectionSearch(int port, String base, String filter, int expected, Timer connect, String... attributes) {
        this.port = port;
        this.expected = expected;
        this.connect = requireNonNull(connect, "connect is null");
        try {
            this.request = new SearchRequest(requireNonNull(base, "base is null"), SearchScope.SUB, requireNonNull(filter, "filter is null"));
        } catch (LDAPException e) {
            throw new IllegalArgumentException("bad filter " + filter + ": " + e.getMessage(), e);
        }
        this.projected = attributes.length > 0;
        if (projected) {
            request.setAttributes(attributes);
        }
        request.setTimeLimitSeconds(LdapSubtreeQuery.TIME_LIMIT_SECONDS);
        options.setConnectTimeoutMillis(30_000);
        options.setResponseTimeoutMillis((LdapSubtreeQuery.TIME_LIMIT_SECONDS + 15) * 1000L);
        options.setUseSynchronousMode(true);
    }

    @Override
    public void query(ClosedLoopDriver.Tally tally) throws Exception {
        tally.add(0, search(false));
    }

    /** One checked query; returns the answer's size as LDIF, in bytes. */
    long check() throws Exception {
        return search(true);
    }

    /** Entry count, or the LDIF size when {@code measure}. */
    private long search(boolean measure) throws Exception {
        long t0 = System.nanoTime();
        try (LDAPConnection c = new LDAPConnection(options, "127.0.0.1", port)) {
            connect.record(System.nanoTime() - t0, TimeUnit.NANOSECONDS);
            SearchResult r = c.search(request);
            if (r.getResultCode() != ResultCode.SUCCESS || r.getEntryCount() != expected) {
                throw new IllegalStateException("wrong answer: " + r.getResultCode() + " with " + r.getEntryCount() + " entries, expected "
                        + expected + " (" + r.getDiagnosticMessage() + ")");
            }
            long bytes = 0;
            for (SearchResultEntry e : r.getSearchEntries()) {
                if (projected ? !e.getDN().startsWith("Mds-Device-Group-name=") || e.getAttributes().size() > request.getAttributeList().size()
                        : !e.hasObjectClass("MdsDevice")) {
                    throw new IllegalStateException("wrong answer: " + e.getDN() + " is not an IP's entry");
                }
                if (measure) {
                    bytes += e.toLDIFString().length() + 1;
                }
            }
            return measure ? bytes : r.getEntryCount();
        }
    }
}
