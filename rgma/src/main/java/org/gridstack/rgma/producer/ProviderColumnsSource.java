package org.gridstack.rgma.producer;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.rgma.sql.ColumnDefinition;
import org.gridstack.rgma.sql.ColumnType;
import org.gridstack.rgma.sql.TableDefinition;

import com.unboundid.ldap.sdk.Entry;

/**
 * An on-demand source that runs an MDS information provider and turns each of its entries of
 * one object class into a tuple, a column per attribute ({@code hostname <- GlueHostName}).
 * The seed's CPU-load collector as an R-GMA producer is {@link #hostLoad}. Thread-safe if the
 * provider is (every {@link InformationProvider} allows concurrent runs).
 */
public final class ProviderColumnsSource implements OnDemandSource {
    private final InformationProvider provider;
    private final String createTable;
    private final String objectClass;
    private final Map<String, String> attributes;

    /**
     * @param attributes the attribute each column is read from, by column name
     */
    public ProviderColumnsSource(InformationProvider provider, String createTable, String objectClass,
            Map<String, String> attributes) {
        this.provider = requireNonNull(provider, "provider is null");
        this.createTable = requireNonNull(createTable, "createTable is null");
        this.objectClass = requireNonNull(objectClass, "objectClass is null");
        this.attributes = new LinkedHashMap<>(attributes);
    }

    /** The table of the seed's CPU-load producer: this host's load averages (x100, as GLUE stores them). */
    public static final String HOST_LOAD_TABLE = "CREATE TABLE hostload (hostname VARCHAR(255) NOT NULL, load1 INTEGER,"
            + " load5 INTEGER, load15 INTEGER, PRIMARY KEY (hostname))";

    /** The CPU-load collector (mds-index's {@code host-load} provider) as table {@code hostload}. */
    public static ProviderColumnsSource hostLoad(InformationProvider hostLoadProvider) {
        return new ProviderColumnsSource(hostLoadProvider, HOST_LOAD_TABLE, "GlueHostProcessorLoad", Map.of(
                "hostname", "GlueHostName", "load1", "GlueHostProcessorLoadLast1Min",
                "load5", "GlueHostProcessorLoadLast5Min", "load15", "GlueHostProcessorLoadLast15Min"));
    }

    @Override
    public String createTable() {
        return createTable;
    }

    @Override
    public String name() {
        return provider.settings().name();
    }

    @Override
    public List<List<Object>> collect(TableDefinition table) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        for (Entry e : provider.collect().entries()) {
            if (!e.hasObjectClass(objectClass)) {
                continue;
            }
            List<Object> row = new ArrayList<>();
            for (ColumnDefinition c : table.columns()) {
                String attribute = attributes.get(c.name());
                String value = attribute == null ? null : e.getAttributeValue(attribute);
                Object literal = value == null ? null : numeric(c.type()) ? new BigDecimal(value.trim()) : value;
                row.add(c.type().toJdbc(literal, c));
            }
            rows.add(row);
        }
        return rows;
    }

    private static boolean numeric(ColumnType t) {
        return t == ColumnType.INTEGER || t == ColumnType.BIGINT || t == ColumnType.SMALLINT || t == ColumnType.REAL
                || t == ColumnType.DOUBLE;
    }
}
