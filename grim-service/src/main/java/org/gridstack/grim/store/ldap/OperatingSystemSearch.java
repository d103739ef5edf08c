package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.ldap.LdapCollections.*;

import com.google.errorprone.annotations.Immutable;
import java.util.HashSet;
import java.util.Set;

import com.unboundid.ldap.sdk.SearchResultEntry;

/**
 * The operating systems a read starts from: the IDs of those with a given release or name, as
 * host searches (#1, #2) and job submission (#11) need them. Immutable and thread-safe.
 */
@Immutable
final class OperatingSystemSearch {
    private final GlueLdapMapping glue;

    OperatingSystemSearch(GlueLdapMapping glue) {
        this.glue = requireNonNull(glue, "glue is null");
    }

    /** The IDs of the operating systems whose {@code column} equals {@code value} exactly (one search). */
    Set<String> idsWhere(LdapSession s, String column, String value) {
        Set<String> os = new HashSet<>();
        for (SearchResultEntry e : s.searchAll(glue.entriesWith(OPERATING_SYSTEMS, column, value),
                GlueDit.attributes(OPERATING_SYSTEMS, "os_id", column))) {
            if (value.equals(glue.text(e, OPERATING_SYSTEMS, column))) {
                os.add(glue.text(e, OPERATING_SYSTEMS, "os_id"));
            }
        }
        return os;
    }
}
