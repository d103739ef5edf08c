package org.gridstack.rgma.producer;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.rgma.sql.ColumnDefinition;
import org.gridstack.rgma.sql.TableDefinition;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;

/**
 * An on-demand source publishing every entry of an MDS information provider (any GLUE provider)
 * in table {@code glueentry}: one tuple per attribute value, keyed by provider, DN, attribute and
 * value. Values longer than the column are cut. Thread-safe if the provider is.
 */
public final class ProviderEntriesSource implements OnDemandSource {
    /** The table every GLUE provider's entries are published in. */
    public static final String TABLE = "CREATE TABLE glueentry (provider VARCHAR(128) NOT NULL, dn VARCHAR(1024) NOT NULL,"
            + " attribute VARCHAR(128) NOT NULL, val VARCHAR(2048) NOT NULL, PRIMARY KEY (provider, dn, attribute, val))";

    private final InformationProvider provider;

    public ProviderEntriesSource(InformationProvider provider) {
        this.provider = requireNonNull(provider, "provider is null");
    }

    @Override
    public String createTable() {
        return TABLE;
    }

    @Override
    public String name() {
        return provider.settings().name();
    }

    @Override
    public List<List<Object>> collect(TableDefinition table) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        Set<List<Object>> seen = new LinkedHashSet<>();
        for (Entry e : provider.collect().entries()) {
            for (Attribute a : e.getAttributes()) {
                for (String v : a.getValues()) {
                    List<Object> row = List.of(cut(name(), table, 0), cut(e.getDN(), table, 1), cut(a.getName(), table, 2),
                            cut(v, table, 3));
                    if (seen.add(row)) {
                        rows.add(row);
                    }
                }
            }
        }
        return rows;
    }

    private static String cut(String value, TableDefinition table, int column) {
        ColumnDefinition c = table.columns().get(column);
        return value.length() > c.length() ? value.substring(0, c.length()) : value;
    }
}
