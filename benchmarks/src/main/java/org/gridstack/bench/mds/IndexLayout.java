package org.gridstack.bench.mds;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.RDN;
import com.unboundid.ldap.sdk.LDAPException;

/**
 * Where the N entries of seed 002's index live on every server, and the one query that returns
 * all of them. The synthetic provider of mds-index names entry i {@code cn=entry-i} under its
 * parent, with one {@code date} attribute; here the parent of size N is
 * {@code Mds-Vo-name=nN,o=Grid} (a GRIS's suffix and slapd's copy), which a GIIS shows as
 * {@code Mds-Vo-name=nN,Mds-Vo-name=site,o=Grid}. The query is a subtree search below that
 * parent for {@code (date=*)} (only the N entries have a date, the parent does not), and on the
 * XML index the XPath {@code //entry[date]} over the one document registered for that N.
 * Immutable.
 */
public final class IndexLayout {
    /** The GIIS's suffix, MDS2's example site name. */
    public static final String GIIS_SUFFIX = "Mds-Vo-name=site,o=Grid";
    /** The filter of every LDAP query. */
    public static final String FILTER = "(date=*)";
    /** The XPath of every XML index query. */
    public static final String XPATH = "//entry[date]";

    private final int entries;

    public IndexLayout(int entries) {
        if (entries < 1) {
            throw new IllegalArgumentException("an index needs at least 1 entry, got " + entries);
        }
        this.entries = entries;
    }

    /** N. */
    public int entries() {
        return entries;
    }

    /** The parent of the N entries on a GRIS and on slapd: {@code Mds-Vo-name=nN,o=Grid}. */
    public DN parent() {
        return new DN(new RDN("Mds-Vo-name", voName()), new DN(new RDN("o", "Grid")));
    }

    /** The same parent as a GIIS with suffix {@link #GIIS_SUFFIX} shows it. */
    public DN parentInGiis() {
        try {
            return new DN(new RDN("Mds-Vo-name", voName()), new DN(GIIS_SUFFIX));
        } catch (LDAPException e) {
            throw new IllegalStateException("the constant GIIS suffix does not parse", e);
        }
    }

    /** {@code nN}: the registration name on the XML index and the VO name of the GRIS. */
    public String voName() {
        return "n" + entries;
    }

    static Filter filter() {
        return Filter.createPresenceFilter("date");
    }
}
