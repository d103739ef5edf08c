package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionOptions;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;
import org.gridstack.bench.kit.ClosedLoopDriver;

/**
 * One seed 002 client of an LDAP index (our GIIS, slapd): one anonymous connection kept for the
 * whole level, and per query a subtree search for {@link IndexLayout#FILTER} below the parent of
 * the N entries, all attributes. An answer is right when it succeeds with exactly N entries, each
 * holding a {@code date}; anything else throws (and is counted as an error, never as a query).
 * The time limit is MDS2's 75 s (seed 002's setting). One thread only.
 */
final class LdapSubtreeQuery implements ClosedLoopDriver.Client {
    static final int TIME_LIMIT_SECONDS = 75;

    private final LDAPConnection connection;
    private final SearchRequest request;
    private final int expected;

    private LdapSubtreeQuery(LDAPConnection connection, SearchRequest request, int expected) {
        this.connection = requireNonNull(connection, "connection is null");
        this.request = requireNonNull(request, "request is null");
        this.expected = expected;
    }

    /** Connects to 127.0.0.1:{@code port}; searches below {@code base}. */
    static LdapSubtreeQuery open(int port, String base, int expected) throws LDAPException {
        LDAPConnectionOptions options = new LDAPConnectionOptions();
        options.setConnectTimeoutMillis(30_000);
        options.setResponseTimeoutMillis((TIME_LIMIT_SECONDS + 15) * 1000L);
        options.setUseSynchronousMode(true); // one request at a time on this connection: no reader thread per client
        LDAPConnection c = new LDAPConnection(options, "127.0.0.1", port);
        SearchRequest r = new SearchRequest(base, SearchScope.SUB, IndexLayout.filter());
        r.setTimeLimitSeconds(TIME_LIMIT_SECONDS);
        return new LdapSubtreeQuery(c, r, expected);
    }

    @Override
    public void query(ClosedLoopDriver.Tally tally) throws LDAPException {
        SearchResult r = connection.search(request);
        if (r.getResultCode() != ResultCode.SUCCESS || r.getEntryCount() != expected) {
            throw new IllegalStateException("wrong answer: " + r.getResultCode() + " with " + r.getEntryCount() + " entries, expected "
                    + expected + " (" + r.getDiagnosticMessage() + ")");
        }
        if (!r.getSearchEntries().get(expected - 1).hasAttribute("date")) {
            throw new IllegalStateException("wrong answer: an entry without date: " + r.getSearchEntries().get(expected - 1).getDN());
        }
        tally.add(0, r.getEntryCount());
    }

    @Override
    public void close() {
        connection.close();
    }
}
