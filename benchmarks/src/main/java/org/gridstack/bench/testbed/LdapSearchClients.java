package org.gridstack.bench.testbed;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionOptions;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridstack.bench.kit.ClosedLoopDriver;

/**
 * MDS2 users of a testbed client host (seed 001's "users" of a GRIS or GIIS), as a factory
 * described by text so they run in load agents on that host: {@code ADDRESS PORT BASE HOSTS}. Each
 * client keeps one anonymous LDAP connection and asks for the whole answer below {@code BASE}
 * ({@code (objectClass=*)}, all attributes); an answer is right when it succeeds and describes
 * every host of {@code HOSTS} (comma-separated {@code GlueHostUniqueID}s: the GRIS hosts a GIIS
 * must have pulled, or the one host a GRIS describes). Opening the first client waits, up to
 * {@value #SETTLE_SECONDS} s, until the server describes every host (GRISes register by soft state
 * after the testbed comes up). One client per load thread.
 */
public final class LdapSearchClients implements ClosedLoopDriver.ClientFactory {
    static final int SETTLE_SECONDS = 90;
    private static final int TIME_LIMIT_SECONDS = 75;

    private final String address;
    private final int port;
    private final String base;
    private final List<String> hosts;
    private boolean settled;

    public LdapSearchClients(String[] args) {
        if (args.length != 4) {
            throw new IllegalArgumentException("expected ADDRESS PORT BASE HOSTS, got " + List.of(args));
        }
        this.address = args[0];
        this.port = Integer.parseInt(args[1]);
        this.base = args[2];
        this.hosts = List.of(args[3].split(","));
    }

    static List<String> args(String address, int port, String base, List<String> hosts) {
        return List.of(address, Integer.toString(port), base, String.join(",", hosts));
    }

    @Override
    public synchronized ClosedLoopDriver.Client open(int index) throws Exception {
        LDAPConnectionOptions options = new LDAPConnectionOptions();
        options.setConnectTimeoutMillis(30_000);
        options.setResponseTimeoutMillis((TIME_LIMIT_SECONDS + 15) * 1000L);
        options.setUseSynchronousMode(true);
        LDAPConnection connection = new LDAPConnection(options, address, port);
        SearchRequest request = new SearchRequest(base, SearchScope.SUB, "(objectClass=*)");
        request.setTimeLimitSeconds(TIME_LIMIT_SECONDS);
        if (!settled) {
            awaitEveryHost(connection, request);
            settled = true;
        }
        return new ClosedLoopDriver.Client() {
            @Override
            public void query(ClosedLoopDriver.Tally tally) throws LDAPException {
                SearchResult r = connection.search(request);
                List<String> missing = missing(r);
                if (!missing.isEmpty()) {
                    throw new IllegalStateException("wrong answer from " + address + ":" + port + ": " + r.getResultCode() + " with "
                            + r.getEntryCount() + " entries, none for " + missing);
                }
                tally.add(0, r.getEntryCount());
            }

            @Override
            public void close() {
                connection.close();
            }
        };
    }

    private void awaitEveryHost(LDAPConnection connection, SearchRequest request) throws LDAPException, InterruptedException {
        long deadline = System.nanoTime() + SETTLE_SECONDS * 1_000_000_000L;
        List<String> missing = missing(connection.search(request));
        // soft-state registration: a GRIS appears in the GIIS within one registration period
        while (!missing.isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(address + ":" + port + " still describes none of " + missing + " after " + SETTLE_SECONDS + " s");
            }
            Thread.sleep(1000);
            missing = missing(connection.search(request));
        }
    }

    private List<String> missing(SearchResult r) {
        if (r.getResultCode() != ResultCode.SUCCESS) {
            return hosts;
        }
        List<String> missing = new ArrayList<>(hosts);
        for (SearchResultEntry e : r.getSearchEntries()) {
            String dn = e.getDN().toLowerCase(Locale.ROOT);
            missing.removeIf(h -> dn.contains("gluehostuniqueid=" + h.toLowerCase(Locale.ROOT) + ","));
        }
        return missing;
    }
}
