package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.util.StaticUtils;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.gridstack.testing.BdiiProcess;

/**
 * A real BDII (the testing module's {@link BdiiProcess}: Debian's bdii-update feeding the
 * package's slapd configuration) holding the N entries of every index size of the run, from one
 * static LDIF file: each size's parent {@code Mds-Vo-name=nN,o=grid} and its N entries, with the
 * same classes as {@link SlapdIndexCopy}'s (the BDII's GLUE schemas define {@code Mds-Vo-name};
 * {@code date} comes from {@link SlapdIndexCopy#DATE_SCHEMA}). {@link #start} waits until
 * bdii-update has loaded every size. Not thread-safe.
 */
final class BdiiIndexCopy implements AutoCloseable {
    static final long LOAD_TIMEOUT_MILLIS = 120_000;

    private final BdiiProcess bdii;

    private BdiiIndexCopy(BdiiProcess bdii) {
        this.bdii = requireNonNull(bdii, "bdii is null");
    }

    static BdiiIndexCopy start(List<Integer> sizes) throws Exception {
        String date = StaticUtils.encodeGeneralizedTime(System.currentTimeMillis());
        StringBuilder ldif = new StringBuilder();
        for (int n : sizes) {
            IndexLayout layout = new IndexLayout(n);
            String parent = "Mds-Vo-name=" + layout.voName() + ",o=grid";
            ldif.append("dn: ").append(parent).append("\nobjectClass: top\nobjectClass: applicationProcess\nobjectClass: extensibleObject\n")
                    .append("cn: ").append(layout.voName()).append("\nMds-Vo-name: ").append(layout.voName()).append("\n\n");
            for (int i = 0; i < n; i++) {
                ldif.append("dn: cn=entry-").append(i).append(',').append(parent)
                        .append("\nobjectClass: top\nobjectClass: applicationProcess\nobjectClass: extensibleObject\ncn: entry-").append(i)
                        .append("\ndate: ").append(date).append("\n\n");
            }
        }
        BdiiProcess bdii = BdiiProcess.start(Map.of(), Map.of("mds-bench.ldif", ldif.toString()),
                Map.of("mds-bench-date.schema", SlapdIndexCopy.DATE_SCHEMA));
        BdiiIndexCopy copy = new BdiiIndexCopy(bdii);
        try {
            copy.awaitLoaded(sizes);
        } catch (Exception | Error e) {
            String logs = bdii.logs();
            copy.close();
            throw new IOException("the BDII did not load the index entries: " + e.getMessage() + "\n" + logs, e);
        }
        return copy;
    }

    private void awaitLoaded(List<Integer> sizes) throws LDAPException, InterruptedException {
        long deadline = System.currentTimeMillis() + LOAD_TIMEOUT_MILLIS;
        for (int n : sizes) {
            String base = new IndexLayout(n).parent().toString();
            while (true) {
                int found = -1;
                try (LDAPConnection c = new LDAPConnection("127.0.0.1", bdii.port())) {
                    found = c.search(base, SearchScope.SUB, IndexLayout.FILTER).getEntryCount();
                } catch (LDAPException notYet) {
                    // noSuchObject until bdii-update has added the parent
                }
                if (found == n) {
                    break;
                }
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("after " + LOAD_TIMEOUT_MILLIS / 1000 + " s the BDII holds " + found + " of the " + n
                            + " entries below " + base);
                }
                Thread.sleep(250);
            }
        }
    }

    int port() {
        return bdii.port();
    }

    ProcessHandle handle() {
        return bdii.slapdHandle();
    }

    @Override
    public void close() {
        bdii.close();
    }
}
