package org.gridstack.grim.store.replication;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.store.Rows;

/**
 * A SHA-256 digest of a whole copy that does not depend on storage order: per collection (model
 * order) its objects sorted, each value with its type (absent, number, text with its length), so
 * two copies have the same digest exactly when they hold the same objects.
 */
public final class CopyDigest {
    private CopyDigest() {
    }

    public static String of(Dataset data) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
        for (CollectionDef def : GlueModel.collections()) {
            sha.update(("C" + def.name() + "\n").getBytes(StandardCharsets.UTF_8));
            List<List<Object>> rows = Rows.sort(data.rows(def.name()).stream().map(r -> (List<Object>) Arrays.asList(r)).toList());
            for (List<Object> row : rows) {
                StringBuilder sb = new StringBuilder("R");
                for (Object v : row) {
                    if (v == null) {
                        sb.append("|-");
                    } else if (v instanceof Number n) {
                        sb.append("|#").append(n.longValue());
                    } else {
                        String s = v.toString();
                        sb.append("|'").append(s.length()).append(':').append(s);
                    }
                }
                sha.update(sb.append('\n').toString().getBytes(StandardCharsets.UTF_8));
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
