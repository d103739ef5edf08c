package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.util.StaticUtils;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.gridstack.testing.SlapdProcess;
import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.RDN;

/**
 * A real OpenLDAP slapd (the testing module's {@link SlapdProcess}) holding the same N entries as
 * the GRIS, loaded as the root DN, so our servers are measured against the LDAP server MDS2's GIIS
 * was built on, in the same run. slapd checks entries against its schema: the two attributes of
 * the index that its core schema lacks ({@code Mds-Vo-name}, {@code date}) come from a small
 * schema of this class's own, and every entry gets the structural class {@code applicationProcess}
 * (core, MUST cn) beside {@code extensibleObject}, since slapd refuses entries without a
 * structural class. So slapd's answers carry one objectClass value more than the GRIS's.
 * Not thread-safe (loading happens before any load runs).
 */
final class SlapdIndexCopy implements AutoCloseable {
    /**
     * The attribute types slapd's core schema lacks (OIDs under the example arc 1.3.6.1.4.1.99999,
     * private to this benchmark; MDS2's own schema names Mds-Vo-name the same way, with Globus's
     * OIDs). The BDII, whose GLUE schemas define Mds-Vo-name, gets only {@link #DATE_SCHEMA}.
     */
    static final String MDS_VO_NAME_SCHEMA = """
            attributetype ( 1.3.6.1.4.1.99999.2.1 NAME 'Mds-Vo-name'
                DESC 'name of an MDS virtual organisation (index) level'
                EQUALITY caseIgnoreMatch SUBSTR caseIgnoreSubstringsMatch
                SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 SINGLE-VALUE )
            """;
    static final String DATE_SCHEMA = """
            attributetype ( 1.3.6.1.4.1.99999.2.2 NAME 'date'
                DESC 'seed 002: the one attribute of each index entry'
                EQUALITY generalizedTimeMatch ORDERING generalizedTimeOrderingMatch
                SYNTAX 1.3.6.1.4.1.1466.115.121.1.24 )
            """;

    private final SlapdProcess slapd;
    private final Set<Integer> loaded = new HashSet<>();

    private SlapdIndexCopy(SlapdProcess slapd) {
        this.slapd = requireNonNull(slapd, "slapd is null");
    }

    /** Starts slapd with suffix {@code o=Grid} and adds the suffix entry. */
    static SlapdIndexCopy start() throws IOException, LDAPException {
        SlapdProcess slapd = SlapdProcess.options("mds-bench").suffix("o=Grid").root("cn=admin,o=Grid", "bench-" + System.nanoTime())
                .schema("mds-bench.schema", MDS_VO_NAME_SCHEMA + DATE_SCHEMA).start();
        SlapdIndexCopy copy = new SlapdIndexCopy(slapd);
        try (LDAPConnection c = copy.rootConnection()) {
            c.add(new Entry("o=Grid", new Attribute("objectClass", "top", "organization"),
                    new Attribute("o", "Grid")));
        } catch (LDAPException | RuntimeException e) {
            copy.close();
            throw e;
        }
        return copy;
    }

    /** Adds the parent and the N entries of {@code layout} (once per N). */
    void load(IndexLayout layout) throws LDAPException {
        if (!loaded.add(layout.entries())) {
            return;
        }
        String date = StaticUtils.encodeGeneralizedTime(System.currentTimeMillis());
        try (LDAPConnection c = rootConnection()) {
            Entry parent = new Entry(layout.parent());
            parent.addAttribute("objectClass", "top", "applicationProcess", "extensibleObject");
            parent.addAttribute("cn", layout.voName());
            parent.addAttribute("Mds-Vo-name", layout.voName());
            c.add(parent);
            for (int i = 0; i < layout.entries(); i++) {
                Entry e = new Entry(new DN(new RDN("cn", "entry-" + i), layout.parent()));
                e.addAttribute("objectClass", "top", "applicationProcess", "extensibleObject");
                e.addAttribute("cn", "entry-" + i);
                e.addAttribute("date", date);
                c.add(e);
            }
        }
    }

    int port() {
        return slapd.port();
    }

    ProcessHandle handle() {
        return slapd.handle();
    }

    String logs() {
        return slapd.logs();
    }

    private LDAPConnection rootConnection() throws LDAPException {
        return new LDAPConnection("127.0.0.1", slapd.port(), slapd.rootDn(), slapd.rootPassword());
    }

    @Override
    public void close() {
        slapd.close();
    }
}
