package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.ldap.LdapCollections.*;

import com.google.errorprone.annotations.Immutable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

/**
 * The storage element reads of docs/operations.md as LDAP searches: a site's storage elements by
 * name, scoped under the site (#3) and not (#4). Immutable and thread-safe.
 */
@Immutable
final class StorageElementSearches {
    private final GlueLdapMapping glue;

    StorageElementSearches(GlueLdapMapping glue) {
        this.glue = requireNonNull(glue, "glue is null");
    }

    /** #3: the storage elements named {@code name} of site {@code site}, searched under the site's entry. */
    List<List<Object>> scoped(LdapSession s, boolean best, String site, String name) {
        String base = null;
        if (best) {
            base = GlueDit.dn(SITES, List.of(site), null).toString();
        } else {
            for (SearchResultEntry e : s.searchAll(glue.entriesWith(SITES, "site_id", site), glue.attribute(SITES, "site_id"))) {
                if (site.equals(glue.text(e, SITES, "site_id"))) {
                    base = e.getDN();
                }
            }
            if (base == null) {
                return List.of();
            }
        }
        return storageElements(s, glue.entriesWith(STORAGE_ELEMENTS, "name", name), base, site, name);
    }

    /** #4: the same answer as #3 from one search over the whole tree. */
    List<List<Object>> nonScoped(LdapSession s, String site, String name) {
        return storageElements(s, glue.allOf(glue.objectClassFilter(STORAGE_ELEMENTS),
                glue.equalityFilter(STORAGE_ELEMENTS, "site_id", site), glue.equalityFilter(STORAGE_ELEMENTS, "name", name)),
                GlueDit.BASE, site, name);
    }

    private List<List<Object>> storageElements(LdapSession s, Filter filter, String base, String site, String name) {
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry e : s.search(base, SearchScope.SUB, filter,
                GlueDit.attributes(STORAGE_ELEMENTS, "se_id", "name", "site_id"))) {
            if (site.equals(glue.text(e, STORAGE_ELEMENTS, "site_id")) && name.equals(glue.text(e, STORAGE_ELEMENTS, "name"))) {
                rows.add(Arrays.<Object>asList(glue.text(e, STORAGE_ELEMENTS, "se_id"), glue.text(e, STORAGE_ELEMENTS, "name")));
            }
        }
        return rows;
    }
}
