package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionOptions;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.RDN;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldap.sdk.LDAPSearchException;
import com.unboundid.ldap.sdk.ResultCode;

/**
 * Another LDAP server's subtree as a provider: a GRIS or GIIS registered with a GIIS, or a BDII
 * or slapd listed for static aggregation. Each run connects anonymously, reads everything below
 * {@code remoteBase} (subtree, {@code (objectClass=*)}) within the provider's {@code timelimit},
 * and moves the entries under {@code localParent}: the remote base becomes
 * {@code <its first RDN>,<localParent>} (so a GRIS's {@code Mds-Vo-name=local,o=Grid} appears as
 * {@code Mds-Vo-name=local,Mds-Vo-name=site,o=Grid} in the site GIIS), or stays where it is when
 * {@code localParent} is null. At most the provider's {@code sizelimit} entries are read (0: the
 * source's own limit only); a source with more is served with the first ones and a problem
 * saying so. An LDAP client only; no server code. Thread-safe: each run uses its
 * own connection.
 */
@ThreadSafe
public final class RemoteLdapProvider implements InformationProvider {
    private final ProviderSettings settings;
    private final String host;
    private final int port;
    private final DN remoteBase;
    private final DN localBase;
    private final boolean optional;

    public RemoteLdapProvider(ProviderSettings settings, String host, int port, DN remoteBase, DN localParent) {
        this(settings, host, port, remoteBase, localParent, false);
    }

    /**
     * @param optional whether a remote server without {@code remoteBase} ({@code noSuchObject}) is
     *                 a source with no entries rather than a failure (a registrant that may or may
     *                 not publish a GLUE 2 tree)
     */
    public RemoteLdapProvider(ProviderSettings settings, String host, int port, DN remoteBase, DN localParent,
            boolean optional) {
        this.settings = requireNonNull(settings, "settings is null");
        this.host = requireNonNull(host, "host is null");
        this.remoteBase = requireNonNull(remoteBase, "remoteBase is null");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " of " + host + " is not between 1 and 65535");
        }
        if (remoteBase.isNullDN()) {
            throw new IllegalArgumentException("the remote base of " + host + ":" + port + " must not be empty");
        }
        this.port = port;
        this.optional = optional;
        this.localBase = localParent == null ? remoteBase : new DN(remoteBase.getRDN(), localParent);
    }

    @Override
    public ProviderSettings settings() {
        return settings;
    }

    /** Where the remote base's entries appear locally. */
    public DN localBase() {
        return localBase;
    }

    @Override
    public ProviderOutput collect() throws ProviderException {
        int millis = (int) Math.min(Integer.MAX_VALUE, settings.timelimit().toMillis());
        LDAPConnectionOptions options = new LDAPConnectionOptions();
        options.setConnectTimeoutMillis(millis);
        options.setResponseTimeoutMillis(millis);
        try (LDAPConnection c = new LDAPConnection(options, host, port)) {
            SearchRequest request = new SearchRequest(remoteBase.toString(), SearchScope.SUB, "(objectClass=*)");
            request.setSizeLimit(settings.sizelimit());
            request.setTimeLimitSeconds((int) Math.max(1, settings.timelimit().toSeconds()));
            request.setResponseTimeoutMillis(millis);
            SearchResult result;
            try {
                result = c.search(request);
            } catch (LDAPSearchException e) {
                if (e.getResultCode() != ResultCode.SIZE_LIMIT_EXCEEDED) {
                    throw e;
                }
                // more entries than this source may bring (our limit per source, or the source's own size limit):
                // keep the first ones and say so
                List<Entry> first = new ArrayList<>(e.getEntryCount());
                for (SearchResultEntry entry : e.getSearchEntries()) {
                    first.add(moved(entry));
                }
                return new ProviderOutput(first, List.of(settings.name() + ": only the first " + first.size()
                        + " entries are kept (the limit per source is " + settings.sizelimit() + ", 0: none; ldap://" + host
                        + ":" + port + "/" + remoteBase + " has more or stopped at its own size limit)"), Instant.now());
            }
            List<Entry> entries = new ArrayList<>(result.getEntryCount());
            for (SearchResultEntry e : result.getSearchEntries()) {
                entries.add(moved(e));
            }
            List<String> problems = result.getDiagnosticMessage() == null ? List.of()
                    : List.of(settings.name() + ": " + result.getDiagnosticMessage());
            return new ProviderOutput(entries, problems, Instant.now());
        } catch (LDAPException e) {
            if (optional && e.getResultCode() == ResultCode.NO_SUCH_OBJECT) {
                return new ProviderOutput(List.of(), List.of(), Instant.now());
            }
            throw new ProviderException("provider " + settings.name() + ": ldap://" + host + ":" + port + "/" + remoteBase
                    + " answered " + e.getResultCode() + (e.getDiagnosticMessage() == null ? ""
                            : ": " + e.getDiagnosticMessage()), e);
        }
    }

    private Entry moved(SearchResultEntry e) throws LDAPException {
        Entry copy = e.duplicate();
        if (localBase.equals(remoteBase)) {
            return copy;
        }
        DN dn = e.getParsedDN();
        RDN[] rdns = dn.getRDNs();
        int depth = rdns.length - remoteBase.getRDNs().length; // RDNs below the remote base
        RDN[] local = localBase.getRDNs();
        RDN[] out = new RDN[depth + local.length];
        System.arraycopy(rdns, 0, out, 0, depth);
        System.arraycopy(local, 0, out, depth, local.length);
        copy.setDN(new DN(out));
        return copy;
    }

    @Override
    public String toString() {
        return "RemoteLdapProvider[" + settings.name() + ": ldap://" + host + ":" + port + "/" + remoteBase + " -> " + localBase + "]";
    }
}
