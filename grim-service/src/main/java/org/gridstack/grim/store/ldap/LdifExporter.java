package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;

/**
 * Dataset to LDIF (the daisy chain: the relational copy is exported as LDIF and loaded into LDAP).
 * Entries come parents first: the two containers ({@code o=grid}, {@code mds-vo-name=local,o=grid}),
 * then the collections in model order (referenced collections before the ones referencing them),
 * objects in dataset order. Stateless and thread-safe.
 */
@ThreadSafe
public final class LdifExporter {
    private LdifExporter() {
    }

    /** The container entries every load starts with. */
    public static List<Entry> containers() {
        Entry grid = new Entry(GlueDit.SUFFIX);
        grid.addAttribute("objectClass", "top", "organization");
        grid.addAttribute("o", "grid");
        Entry local = new Entry(GlueDit.BASE);
        local.addAttribute("objectClass", "top", "Mds");
        local.addAttribute("Mds-Vo-name", "local");
        return List.of(grid, local);
    }

    /** Every entry of {@code data}, containers first, parents before children. */
    public static List<Entry> entries(Dataset data) {
        requireNonNull(data, "data is null");
        List<Entry> out = new ArrayList<>(containers());
        Map<String, DN> dns = new HashMap<>();
        for (CollectionDef def : GlueModel.collections()) {
            Optional<Column> parent = GlueDit.parentColumn(def);
            int pi = parent.map(c -> def.indexOf(c.name())).orElse(-1);
            for (Object[] row : data.rows(def.name())) {
                DN parentDn = null;
                if (pi >= 0 && row[pi] != null) {
                    parentDn = dns.get(parent.get().references() + '\u0000' + row[pi]);
                }
                Entry e = GlueDit.toEntry(def, row, parentDn);
                if (!def.isRelationship()) {
                    dns.put(def.name() + '\u0000' + row[0], GlueDit.dn(def, GlueDit.key(def, row), parentDn));
                }
                out.add(e);
            }
        }
        return out;
    }

    /** The LDIF text of {@code data}: one record per entry, unwrapped lines, a blank line between records. */
    public static String export(Dataset data) {
        StringBuilder b = new StringBuilder();
        b.append("version: 1\n");
        for (Entry e : entries(data)) {
            b.append('\n');
            for (String line : e.toLDIF(0)) {
                b.append(line).append('\n');
            }
        }
        return b.toString();
    }
}
