package org.gridstack.grim.store.ldap;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Column;
import org.gridstack.grim.model.ColumnType;
import org.gridstack.grim.model.GlueModel;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.RDN;

/**
 * How GRIM objects become LDAP entries (BDII-like, see docs/backend-ldap.md): one entry per object
 * under {@code mds-vo-name=local,o=grid}, named by its key attribute(s), nested under the entry its
 * "parent" reference names (a host under its home subcluster under its cluster; an SE, service
 * under its site; SA and protocols under their SE; a relationship under the object of its first
 * key), so that a subtree search from a cluster or site means "scoped". Every column is an
 * attribute named by {@link Column#glueName()}; references are stored by value under the key
 * attribute name of the referenced object (as {@code GlueCESEBindSEUniqueID} is in GLUE); null
 * values are left out. Stateless and thread-safe.
 */
@ThreadSafe
public final class GlueDit {
    public static final String SUFFIX = "o=grid";
    public static final String BASE = "mds-vo-name=local,o=grid";
    /** GLUE's GlueCESEBind MUSTs this; GRIM's model names the CE column GlueCESEBindGroupCEUniqueID, so both are written. */
    static final String CESEBIND_CE = "GlueCESEBindCEUniqueID";

    private static final Map<String, List<String>> OBJECT_CLASSES = new HashMap<>();
    private static final Map<String, String> PARENT_COLUMN = new HashMap<>();
    private static final Map<String, CollectionDef> BY_CLASS = new HashMap<>();

    static {
        Map<String, List<String>> m = OBJECT_CLASSES;
        m.put(GlueModel.VIRTUAL_ORGANIZATION, List.of("top", "GrimVirtualOrganization"));
        m.put(GlueModel.SITE, List.of("top", "GlueTop", "GlueGeneralTop", "GlueSite"));
        m.put(GlueModel.CLUSTER, List.of("top", "GlueTop", "GlueClusterTop", "GlueCluster", "GrimClusterExt"));
        m.put(GlueModel.SUB_CLUSTER, List.of("top", "GlueTop", "GlueClusterTop", "GlueSubCluster", "GrimSubClusterExt"));
        m.put(GlueModel.HOST_PROCESSOR, List.of("top", "GrimHostProcessor"));
        m.put(GlueModel.HOST_MEMORY, List.of("top", "GrimHostMainMemory"));
        m.put(GlueModel.HOST_OS, List.of("top", "GrimHostOperatingSystem"));
        m.put(GlueModel.HOST, List.of("top", "GlueTop", "GlueClusterTop", "GlueHost", "GlueHostBenchmark", "GlueHostMainMemory",
                "GlueHostProcessorLoad", "GrimHostExt"));
        m.put(GlueModel.NETWORK_ADAPTER, List.of("top", "GrimNetworkEndpoint"));
        m.put(GlueModel.CONNECTION, List.of("top", "GrimConnection"));
        m.put(GlueModel.COMPUTING_ELEMENT, List.of("top", "GlueTop", "GlueCETop", "GlueCE", "GrimCEExt"));
        m.put(GlueModel.VO_VIEW, List.of("top", "GlueTop", "GlueClusterTop", "GlueVOView", "GrimVOViewExt"));
        m.put(GlueModel.STORAGE_ELEMENT, List.of("top", "GlueTop", "GlueSETop", "GlueSE", "GrimSEExt"));
        m.put(GlueModel.STORAGE_AREA, List.of("top", "GlueTop", "GlueSATop", "GlueSA", "GrimSAExt"));
        m.put(GlueModel.SE_ACCESS_PROTOCOL, List.of("top", "GlueTop", "GlueSETop", "GlueSEAccessProtocol", "GrimSEAccessProtocolExt"));
        m.put(GlueModel.SE_CONTROL_PROTOCOL, List.of("top", "GlueTop", "GlueSETop", "GlueSEControlProtocol", "GrimSEControlProtocolExt"));
        m.put(GlueModel.SERVICE, List.of("top", "GlueTop", "GlueGeneralTop", "GlueService", "GrimServiceExt"));
        m.put(GlueModel.SERVICE_DATA, List.of("top", "GlueTop", "GlueGeneralTop", "GlueServiceData", "GrimServiceDataExt"));
        m.put(GlueModel.SOFTWARE, List.of("top", "GlueTop", "GlueClusterTop", "GlueSoftware"));
        m.put(GlueModel.APPLICATION, List.of("top", "GrimApplication"));
        m.put(GlueModel.USER_ACCOUNT, List.of("top", "GrimUserAccount"));
        m.put(GlueModel.POLICY, List.of("top", "GrimPolicy"));
        m.put(GlueModel.LOCATION, List.of("top", "GlueTop", "GlueClusterTop", "GlueLocation", "GrimLocationExt"));
        m.put(GlueModel.LOCAL_FILE_SYSTEM, List.of("top", "GlueTop", "GlueClusterTop", "GlueHostLocalFileSystem",
                "GrimHostLocalFileSystemExt"));
        m.put(GlueModel.SUB_CLUSTER_SHARED_HOST, List.of("top", "GrimSubClusterSharedHost"));
        m.put(GlueModel.SUB_CLUSTER_ACCOUNT, List.of("top", "GrimSubClusterAccount"));
        m.put(GlueModel.SUB_CLUSTER_APPLICATION, List.of("top", "GrimSubClusterApplication"));
        m.put(GlueModel.SUB_CLUSTER_SOFTWARE, List.of("top", "GrimSubClusterSoftware"));
        m.put(GlueModel.CE_SE_BIND, List.of("top", "GlueTop", "GlueGeneralTop", "GlueCESEBind", "GrimCESEBindExt"));
        m.put(GlueModel.CLUSTER_SERVICE, List.of("top", "GrimClusterService"));
        m.put(GlueModel.CE_VO, List.of("top", "GrimCEVO"));
        m.put(GlueModel.SE_VO, List.of("top", "GrimSEVO"));
        m.put(GlueModel.SERVICE_VO, List.of("top", "GrimServiceVO"));
        m.put(GlueModel.SA_VO, List.of("top", "GrimSAVO"));

        Map<String, String> p = PARENT_COLUMN;
        p.put(GlueModel.SUB_CLUSTER, "cluster_id");
        p.put(GlueModel.HOST, "sub_cluster_id");
        p.put(GlueModel.LOCATION, "sub_cluster_id");
        p.put(GlueModel.LOCAL_FILE_SYSTEM, "sub_cluster_id");
        p.put(GlueModel.COMPUTING_ELEMENT, "cluster_id");
        p.put(GlueModel.VO_VIEW, "ce_id");
        p.put(GlueModel.POLICY, "ce_id");
        p.put(GlueModel.STORAGE_ELEMENT, "site_id");
        p.put(GlueModel.SERVICE, "site_id");
        p.put(GlueModel.STORAGE_AREA, "se_id");
        p.put(GlueModel.SE_ACCESS_PROTOCOL, "se_id");
        p.put(GlueModel.SE_CONTROL_PROTOCOL, "se_id");
        p.put(GlueModel.SERVICE_DATA, "service_id");
        for (CollectionDef d : GlueModel.collections()) {
            if (d.isRelationship()) {
                p.put(d.name(), d.key().name());
            }
            if (!OBJECT_CLASSES.containsKey(d.name()) || !OBJECT_CLASSES.get(d.name()).contains(d.glueName())) {
                throw new ExceptionInInitializerError("no object classes for collection " + d.name());
            }
            BY_CLASS.put(d.glueName().toLowerCase(Locale.ROOT), d);
        }
    }

    private GlueDit() {
    }

    /** The objectClass values of an entry of {@code def}: superiors, structural class, auxiliaries. */
    public static List<String> objectClasses(CollectionDef def) {
        return OBJECT_CLASSES.get(def.name());
    }

    /** The reference column whose target's entry is this collection's parent, if the collection nests. */
    public static Optional<Column> parentColumn(CollectionDef def) {
        String c = PARENT_COLUMN.get(def.name());
        return c == null ? Optional.empty() : def.column(c);
    }

    /** The collection an entry belongs to (by its structural class), or empty for the containers. */
    public static Optional<CollectionDef> collectionOf(Entry e) {
        String[] ocs = e.getObjectClassValues();
        if (ocs != null) {
            for (String oc : ocs) {
                CollectionDef d = BY_CLASS.get(oc.toLowerCase(Locale.ROOT));
                if (d != null) {
                    return Optional.of(d);
                }
            }
        }
        return Optional.empty();
    }

    /** The RDN of an object: its key attribute, or both key attributes (multi-valued RDN) for a relationship. */
    public static RDN rdn(CollectionDef def, List<String> key) {
        if (def.isRelationship()) {
            return new RDN(new String[] {def.columns().get(0).glueName(), def.columns().get(1).glueName()},
                    new String[] {key.get(0), key.get(1)});
        }
        return new RDN(def.key().glueName(), key.get(0));
    }

    /** DN of an object given its parent's DN (null: directly under {@link #BASE}). */
    public static DN dn(CollectionDef def, List<String> key, DN parent) {
        return new DN(rdn(def, key), parent == null ? base() : parent);
    }

    public static DN base() {
        try {
            return new DN(BASE);
        } catch (LDAPException e) {
            throw new AssertionError(e);
        }
    }

    /** The key values of a row (one or two). */
    public static List<String> key(CollectionDef def, Object[] row) {
        return def.isRelationship() ? List.of((String) row[0], (String) row[1]) : List.of((String) row[0]);
    }

    /** The entry of one object; {@code parent} as for {@link #dn}. */
    public static Entry toEntry(CollectionDef def, Object[] row, DN parent) {
        Entry e = new Entry(dn(def, key(def, row), parent));
        e.addAttribute("objectClass", objectClasses(def).toArray(new String[0]));
        List<Column> cols = def.columns();
        for (int i = 0; i < cols.size(); i++) {
            if (row[i] != null) {
                e.addAttribute(cols.get(i).glueName(), row[i].toString());
            }
        }
        if (def.name().equals(GlueModel.CE_SE_BIND)) {
            e.addAttribute(CESEBIND_CE, row[0].toString());
        }
        return e;
    }

    /** The row of an entry (values typed by the model; absent attributes null). */
    public static Object[] toRow(CollectionDef def, Entry e) {
        List<Column> cols = def.columns();
        Object[] row = new Object[cols.size()];
        for (int i = 0; i < cols.size(); i++) {
            row[i] = value(e, cols.get(i));
        }
        return row;
    }

    /** One column's value of an entry, typed (String or Long), or null. */
    public static Object value(Entry e, Column c) {
        Attribute a = e.getAttribute(c.glueName());
        if (a == null || !a.hasValue()) {
            return null;
        }
        String v = a.getValue();
        return c.type() == ColumnType.INTEGER ? Long.valueOf(v.trim()) : v;
    }

    /** The attribute names of {@code columns} of {@code def} (for a search's attribute list). */
    public static String[] attributes(CollectionDef def, String... columns) {
        Set<String> out = new LinkedHashSet<>();
        for (String c : columns) {
            out.add(def.column(c).orElseThrow(() -> new IllegalArgumentException(def.name() + " has no column " + c)).glueName());
        }
        return out.toArray(new String[0]);
    }

    /** Every column's attribute name of {@code def}. */
    public static String[] allAttributes(CollectionDef def) {
        List<String> out = new ArrayList<>();
        for (Column c : def.columns()) {
            out.add(c.glueName());
        }
        return out.toArray(new String[0]);
    }

    /** Attributes with an equality index on every server: objectClass and those of the model's indexed columns. */
    public static List<String> equalityIndexAttributes() {
        Set<String> out = new LinkedHashSet<>();
        out.add("objectClass");
        for (CollectionDef d : GlueModel.collections()) {
            for (Column c : d.columns()) {
                if (c.indexed()) {
                    out.add(c.glueName());
                }
            }
        }
        return List.copyOf(out);
    }
}
