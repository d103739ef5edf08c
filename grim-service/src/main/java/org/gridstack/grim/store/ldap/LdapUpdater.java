package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.store.GrimException;
import org.gridstack.grim.store.Update;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnectionPool;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPSearchException;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import com.unboundid.ldap.sdk.ModifyDNRequest;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldap.sdk.schema.EntryValidator;
import com.unboundid.ldap.sdk.schema.Schema;
import java.util.Set;

/**
 * Applies a batch of validated updates all or nothing, the same way on both servers: first every
 * update is checked against the stored entries plus the batch's earlier updates (404 missing
 * object, 409 existing key / missing reference target / still referenced, 400 an entry the
 * schema would refuse); then the batch is applied as LDAP add / modify / modify-DN / delete, and
 * if the server still fails one (a server error, or a key that differs from a stored one only in
 * case), the applied ones are undone in reverse order (compensation) before the error is
 * reported. The caller holds the backend's write lock, so no other writer interleaves.
 * Not thread-safe on its own: one per batch.
 */
final class LdapUpdater {
    private static final Object DELETED = new Object();

    private final LDAPConnectionPool pool;
    private final UnaryOperator<Filter> shaper;
    private final GlueLdapMapping glue;
    private final EntryValidator validator;
    /** Objects the batch touched so far: key -> row after the batch's updates, or DELETED. */
    private final Map<String, Object> pending = new HashMap<>();
    private final Deque<Runnable> undo = new ArrayDeque<>();
    /** Entries the check phase read and the batch has not written yet: the apply phase needs not search them again. */
    private final Map<String, SearchResultEntry> unwritten = new HashMap<>();

    /** {@code shaper} rewrites each search filter for the server (see {@link LdapSession}). */
    LdapUpdater(LDAPConnectionPool pool, Schema schema, UnaryOperator<Filter> shaper, GlueLdapMapping glue) {
        this.pool = requireNonNull(pool, "pool is null");
        this.shaper = requireNonNull(shaper, "shaper is null");
        this.glue = requireNonNull(glue, "glue is null");
        this.validator = new EntryValidator(requireNonNull(schema, "schema is null"));
    }

    int apply(List<Update> batch) {
        for (Update u : batch) {
            check(u);
        }
        int changed = 0;
        try {
            for (Update u : batch) {
                write(u);
                changed++;
            }
        } catch (LDAPException e) {
            rollback();
            if (e.getResultCode() == ResultCode.ENTRY_ALREADY_EXISTS) {
                throw GrimException.conflict("the LDAP server already holds an object whose key differs only in letter case"
                        + " (GLUE IDs compare case-insensitively): " + e.getMessage() + "; nothing was changed");
            }
            throw new GrimException(503, "ldap: update " + (changed + 1) + " of the batch failed on the server (the service log has"
                    + " its error); the earlier ones were undone", e);
        }
        return changed;
    }

    // check phase -------------------------------------------------------------------------------

    private void check(Update u) {
        CollectionDef def = u.definition();
        Object[] current = current(def, u.key());
        String what = def.name() + " " + String.join("/", u.key());
        switch (u.kind()) {
            case INSERT -> {
                if (current != null) {
                    throw GrimException.conflict(what + " already exists");
                }
                Object[] row = u.insertRow();
                checkReferences(def, row, what, null);
                checkSchema(def, row, what);
                pending.put(id(def, u.key()), row);
            }
            case SET -> {
                if (current == null) {
                    throw GrimException.notFound(what + " does not exist");
                }
                Object[] row = current.clone();
                u.values().forEach((c, v) -> row[def.indexOf(c)] = v);
                // references the update leaves alone point where they pointed (a delete of their target is refused)
                checkReferences(def, row, what, u.values().keySet());
                checkSchema(def, row, what);
                pending.put(id(def, u.key()), row);
            }
            case DELETE -> {
                if (current == null) {
                    throw GrimException.notFound(what + " does not exist");
                }
                checkNotReferenced(def, u.key().get(0), what);
                pending.put(id(def, u.key()), DELETED);
            }
        }
    }

    /** Checks the reference columns of {@code row} ({@code only} those named, when not null). */
    private void checkReferences(CollectionDef def, Object[] row, String what, Set<String> only) {
        for (int i = 0; i < row.length; i++) {
            Column c = def.columns().get(i);
            if (c.isReference() && row[i] != null && (only == null || only.contains(c.name()))) {
                CollectionDef target = GlueModel.collection(c.references());
                if (current(target, List.of((String) row[i])) == null) {
                    throw GrimException.conflict(what + ": " + c.name() + " names " + target.name() + " '" + row[i]
                            + "', which does not exist");
                }
            }
        }
    }

    private void checkNotReferenced(CollectionDef def, String key, String what) {
        if (def.isRelationship()) {
            return;
        }
        List<Filter> terms = new ArrayList<>();
        List<CollectionDef> referrers = new ArrayList<>();
        for (CollectionDef d : GlueModel.collections()) {
            for (Column c : d.columns()) {
                if (def.name().equals(c.references())) {
                    terms.add(Filter.createANDFilter(glue.objectClassFilter(d), Filter.createEqualityFilter(c.glueName(), key)));
                    if (!referrers.contains(d)) {
                        referrers.add(d);
                    }
                }
            }
        }
        if (terms.isEmpty()) {
            return;
        }
        List<String> candidates = new ArrayList<>();
        for (SearchResultEntry e : search(Filter.createORFilter(terms))) {
            GlueDit.collectionOf(e).ifPresent(d -> candidates.add(id(d, GlueDit.key(d, GlueDit.toRow(d, e)))));
        }
        for (Map.Entry<String, Object> p : pending.entrySet()) {
            candidates.add(p.getKey());
        }
        for (String cand : candidates) {
            String[] parts = cand.split("\u0000");
            CollectionDef d = GlueModel.collection(parts[0]);
            List<String> k = d.isRelationship() ? List.of(parts[1], parts[2]) : List.of(parts[1]);
            Object[] row = current(d, k);
            if (row == null) {
                continue;
            }
            for (int i = 0; i < row.length; i++) {
                Column c = d.columns().get(i);
                if (def.name().equals(c.references()) && key.equals(row[i])) {
                    throw GrimException.conflict(what + " is still referenced by " + d.name() + " " + String.join("/", k) + " ("
                            + c.name() + "); delete or change that first");
                }
            }
        }
    }

    private void checkSchema(CollectionDef def, Object[] row, String what) {
        Entry e = GlueDit.toEntry(def, row, null);
        List<String> reasons = new ArrayList<>();
        if (!validator.entryIsValid(e, reasons)) {
            throw GrimException.badRequest(what + " cannot be stored in LDAP: " + String.join("; ", reasons)
                    + " (GLUE requires the attribute, or a value has the wrong syntax)");
        }
    }

    /** The object's row as the batch so far leaves it, or null when it does not exist. */
    private Object[] current(CollectionDef def, List<String> key) {
        Object p = pending.get(id(def, key));
        if (p != null) {
            return p == DELETED ? null : (Object[]) p;
        }
        SearchResultEntry e = find(def, key);
        if (e != null) {
            unwritten.putIfAbsent(id(def, key), e);
        }
        return e == null ? null : GlueDit.toRow(def, e);
    }

    // apply phase -------------------------------------------------------------------------------

    private void write(Update u) throws LDAPException {
        CollectionDef def = u.definition();
        switch (u.kind()) {
            case INSERT -> {
                Object[] row = u.insertRow();
                Entry e = GlueDit.toEntry(def, row, parentDn(def, row));
                pool.add(e);
                String dn = e.getDN();
                undo.push(() -> quietly(() -> pool.delete(dn)));
            }
            case DELETE -> {
                SearchResultEntry e = mustFind(def, u.key());
                Entry copy = new Entry(e.getDN(), e.getAttributes());
                pool.delete(e.getDN());
                undo.push(() -> quietly(() -> pool.add(copy)));
            }
            case SET -> {
                SearchResultEntry e = mustFind(def, u.key());
                Object[] old = GlueDit.toRow(def, e);
                Object[] row = old.clone();
                u.values().forEach((c, v) -> row[def.indexOf(c)] = v);
                DN dn = glue.parsedDn(e);
                Optional<Column> parent = GlueDit.parentColumn(def);
                if (parent.isPresent()) {
                    int pi = def.indexOf(parent.get().name());
                    if (!Objects.equals(old[pi], row[pi])) {
                        DN oldParent = dn.getParent();
                        DN newParent = parentDn(def, row);
                        DN target = newParent == null ? GlueDit.base() : newParent;
                        pool.modifyDN(new ModifyDNRequest(dn, dn.getRDN(), false, target));
                        DN moved = new DN(dn.getRDN(), target);
                        undo.push(() -> quietly(() -> pool.modifyDN(new ModifyDNRequest(moved, moved.getRDN(), false, oldParent))));
                        dn = moved;
                    }
                }
                List<Modification> mods = new ArrayList<>();
                List<Modification> back = new ArrayList<>();
                for (String c : u.values().keySet()) {
                    int i = def.indexOf(c);
                    String attr = def.columns().get(i).glueName();
                    mods.add(replace(attr, row[i]));
                    back.add(replace(attr, old[i]));
                }
                pool.modify(dn.toString(), mods);
                String at = dn.toString();
                undo.push(() -> quietly(() -> pool.modify(at, back)));
            }
        }
    }

    private static Modification replace(String attr, Object value) {
        return value == null ? new Modification(ModificationType.REPLACE, attr)
                : new Modification(ModificationType.REPLACE, attr, value.toString());
    }

    private DN parentDn(CollectionDef def, Object[] row) throws LDAPException {
        Optional<Column> parent = GlueDit.parentColumn(def);
        if (parent.isEmpty()) {
            return null;
        }
        Object v = row[def.indexOf(parent.get().name())];
        if (v == null) {
            return null;
        }
        SearchResultEntry p = find(GlueModel.collection(parent.get().references()), List.of((String) v));
        return p == null ? null : p.getParsedDN();
    }

    /** The stored entry before this update: as the check phase read it for the first write of an object, else searched. */
    private SearchResultEntry mustFind(CollectionDef def, List<String> key) throws LDAPException {
        SearchResultEntry e = unwritten.remove(id(def, key));
        if (e == null) {
            e = find(def, key);
        }
        if (e == null) {
            throw new LDAPException(ResultCode.NO_SUCH_OBJECT, def.name() + " " + key + " vanished between check and apply");
        }
        return e;
    }

    private void rollback() {
        while (!undo.isEmpty()) {
            undo.pop().run();
        }
    }

    private interface LdapCall {
        void run() throws LDAPException;
    }

    private static void quietly(LdapCall call) {
        try {
            call.run();
        } catch (LDAPException e) {
            // compensation is best effort; the original failure is what gets reported
        }
    }

    // lookups -----------------------------------------------------------------------------------

    /** The entry of one object, matched exactly on its key (the server may match case-insensitively). */
    SearchResultEntry find(CollectionDef def, List<String> key) {
        List<Filter> f = new ArrayList<>();
        f.add(glue.objectClassFilter(def));
        for (int i = 0; i < key.size(); i++) {
            f.add(Filter.createEqualityFilter(def.columns().get(i).glueName(), key.get(i)));
        }
        for (SearchResultEntry e : search(Filter.createANDFilter(f))) {
            boolean same = true;
            for (int i = 0; i < key.size(); i++) {
                same &= key.get(i).equals(e.getAttributeValue(def.columns().get(i).glueName()));
            }
            if (same) {
                return e;
            }
        }
        return null;
    }

    private List<SearchResultEntry> search(Filter filter) {
        try {
            return pool.search(GlueDit.BASE, SearchScope.SUB, shaper.apply(filter)).getSearchEntries();
        } catch (LDAPSearchException e) {
            if (e.getResultCode() == ResultCode.NO_SUCH_OBJECT) {
                return List.of();
            }
            throw LdapBackend.failed("search " + filter, e);
        }
    }

    private static String id(CollectionDef def, List<String> key) {
        return def.name() + '\u0000' + String.join("\u0000", key);
    }
}
