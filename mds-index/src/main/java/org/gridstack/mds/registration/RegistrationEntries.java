package org.gridstack.mds.registration;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.RDN;
import com.unboundid.ldap.sdk.ResultCode;

/**
 * The registration as an LDAP entry, MDS2 style: an add of {@code Mds-Vo-Op-name=register,...}
 * carrying {@code hn}, {@code port}, {@code rootdn}, {@code regperiod}, {@code ttl},
 * {@code cachettl} and {@code timeout} (seconds). {@link #isRegistration(DN)} recognises such a
 * DN whatever lies above the RDN; {@link #parse} turns an add into a {@link Registration} (a
 * missing {@code hn} means "the address this request came from"); {@link #toEntry} writes one.
 * Stateless; thread-safe.
 */
@ThreadSafe
public final class RegistrationEntries {
    /** The RDN of every registration entry. */
    public static final RDN REGISTER_RDN = new RDN("Mds-Vo-Op-name", "register");

    private RegistrationEntries() {
    }

    public static boolean isRegistration(DN dn) {
        return dn.getRDN() != null && dn.getRDN().equals(REGISTER_RDN);
    }

    /**
     * @param clientAddress where the add came from; used when the entry has no {@code hn}
     * @throws LDAPException {@code constraintViolation} naming the attribute that is missing or wrong
     */
    public static Registration parse(Entry entry, String clientAddress) throws LDAPException {
        String hn = entry.getAttributeValue("hn");
        String host = hn == null || hn.isBlank() ? clientAddress : hn.strip();
        Integer port = number(entry, "port", null);
        if (port == null) {
            throw new LDAPException(ResultCode.CONSTRAINT_VIOLATION, "the registration has no 'port' (the registrant's"
                    + " LDAP port)");
        }
        String root = entry.getAttributeValue("rootdn");
        DN rootDn;
        try {
            rootDn = new DN(root == null ? "Mds-Vo-name=local,o=Grid" : root);
        } catch (LDAPException e) {
            throw new LDAPException(ResultCode.CONSTRAINT_VIOLATION, "rootdn '" + root + "' is not a DN");
        }
        try {
            return new Registration(host, port, rootDn,
                    seconds(entry, "regperiod", Registration.DEFAULT_REGPERIOD),
                    seconds(entry, "ttl", Registration.DEFAULT_TTL),
                    seconds(entry, "cachettl", Registration.DEFAULT_CACHETTL),
                    seconds(entry, "timeout", Registration.DEFAULT_TIMEOUT));
        } catch (IllegalArgumentException e) {
            throw new LDAPException(ResultCode.CONSTRAINT_VIOLATION, "registration refused: " + e.getMessage());
        }
    }

    /** The entry a registrant adds; {@code host} null leaves {@code hn} out (the GIIS uses the sender's address). */
    public static Entry toEntry(DN parent, String host, int port, DN rootDn, Duration regperiod, Duration ttl,
            Duration cachettl, Duration timeout) {
        List<Attribute> a = new ArrayList<>();
        a.add(new Attribute("objectClass", "extensibleObject"));
        a.add(new Attribute("Mds-Vo-Op-name", "register"));
        a.add(new Attribute("regtype", "mdsreg2"));
        if (host != null) {
            a.add(new Attribute("hn", host));
        }
        a.add(new Attribute("port", String.valueOf(port)));
        a.add(new Attribute("rootdn", rootDn.toString()));
        a.add(new Attribute("regperiod", String.valueOf(regperiod.toSeconds())));
        a.add(new Attribute("ttl", String.valueOf(ttl.toSeconds())));
        a.add(new Attribute("cachettl", String.valueOf(cachettl.toSeconds())));
        a.add(new Attribute("timeout", String.valueOf(timeout.toSeconds())));
        return new Entry(new DN(REGISTER_RDN, parent), a);
    }

    private static Duration seconds(Entry e, String name, Duration dflt) throws LDAPException {
        Integer n = number(e, name, null);
        return n == null ? dflt : Duration.ofSeconds(n);
    }

    private static Integer number(Entry e, String name, Integer dflt) throws LDAPException {
        String v = e.getAttributeValue(name);
        if (v == null) {
            return dflt;
        }
        try {
            return Integer.valueOf(v.strip());
        } catch (NumberFormatException x) {
            throw new LDAPException(ResultCode.CONSTRAINT_VIOLATION, "registration attribute " + name + " '" + v
                    + "' is not a whole number");
        }
    }
}
