package org.gridstack.grim.store.basex;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.GlueModel;

/**
 * Where each object lives in the XML database, so that "scoped" means a document path:
 * hosts are grouped in one document per cluster ({@code host/cluster/cluster-001.xml}),
 * storage elements in one per site ({@code storage_element/site/site-01.xml}); every other
 * collection is one document ({@code site/all.xml}). Objects whose scope reference is absent go
 * to {@code <collection>/unscoped.xml}. Every document has the root element
 * {@value #ROOT} (attributes {@code name}, and for scoped documents {@code scope} = the GLUE
 * name of the scope attribute and {@code value}); its children are the objects, one element per
 * object named {@link CollectionDef#glueName()}, one attribute per non-null column named
 * {@link org.gridstack.grim.model.Column#glueName()}.
 *
 * <p>Stateless and thread-safe.
 */
@ThreadSafe
public final class XmlLayout {
    public static final String ROOT = "GrimCollection";

    /** Scoped collections and the reference column that names their document. */
    private static final Map<String, String> SCOPES = Map.of(
            GlueModel.HOST, "cluster_id",
            GlueModel.STORAGE_ELEMENT, "site_id");

    private XmlLayout() {
    }

    /** The column whose value names the document of an object of {@code def}, if the collection is scoped. */
    public static Optional<String> scopeColumn(CollectionDef def) {
        return Optional.ofNullable(SCOPES.get(def.name()));
    }

    /** The document path of the object {@code row} of collection {@code def}. */
    public static String documentPath(CollectionDef def, Object[] row) {
        Optional<String> scope = scopeColumn(def);
        if (scope.isEmpty()) {
            return def.name() + "/all.xml";
        }
        Object value = row[def.indexOf(scope.get())];
        return value == null ? def.name() + "/unscoped.xml" : scopePath(def, value.toString());
    }

    /** The document holding the objects of {@code def} whose scope column equals {@code value}. */
    public static String scopePath(CollectionDef def, String value) {
        String column = scopeColumn(def).orElseThrow(() -> new IllegalArgumentException(def.name() + " is not a scoped collection"));
        String folder = column.endsWith("_id") ? column.substring(0, column.length() - 3) : column;
        return def.name() + "/" + folder + "/" + encode(value) + ".xml";
    }

    /** The folder holding every document of {@code def} (the argument of {@code db:get}). */
    public static String collectionPath(CollectionDef def) {
        return def.name();
    }

    /** Keeps {@code [A-Za-z0-9._-]}, writes every other byte of the UTF-8 form as {@code %XX}: a safe, reversible file name. */
    static String encode(String value) {
        if (value.isEmpty()) {
            return "%";
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-') {
                out.write(c);
            } else {
                out.writeBytes(String.format("%%%02X", c).getBytes(StandardCharsets.US_ASCII));
            }
        }
        return out.toString(StandardCharsets.US_ASCII);
    }
}
