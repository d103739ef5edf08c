package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.ldap.LdapCollections.*;

import com.google.errorprone.annotations.Immutable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.gridstack.grim.model.CollectionDef;

import com.unboundid.ldap.sdk.SearchResultEntry;

/**
 * The single-collection lookups of docs/operations.md (#101..#103) as one LDAP search each, the
 * same in both modes. Immutable and thread-safe.
 */
@Immutable
final class LookupSearches {
    private final GlueLdapMapping glue;

    LookupSearches(GlueLdapMapping glue) {
        this.glue = requireNonNull(glue, "glue is null");
    }

    /**
     * #101..#103: the {@code columns} of the entries of {@code def} whose {@code column} equals
     * {@code value} exactly (one search).
     */
    List<List<Object>> select(LdapSession s, CollectionDef def, String column, String value, String... columns) {
        List<List<Object>> rows = new ArrayList<>();
        for (SearchResultEntry e : s.searchAll(glue.entriesWith(def, column, value),
                glue.attributesWithObjectClass(GlueDit.attributes(def, columns), GlueDit.attributes(def, column)))) {
            if (value.equals(GlueDit.value(e, def.column(column).orElseThrow()))) {
                Object[] r = new Object[columns.length];
                for (int i = 0; i < columns.length; i++) {
                    r[i] = GlueDit.value(e, def.column(columns[i]).orElseThrow());
                }
                rows.add(Arrays.asList(r));
            }
        }
        return rows;
    }
}
