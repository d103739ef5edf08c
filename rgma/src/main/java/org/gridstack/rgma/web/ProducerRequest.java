package org.gridstack.rgma.web;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.gridstack.rgma.producer.ProducerSpec;
import org.gridstack.rgma.registry.ProducerKind;
import org.gridstack.rgma.registry.QueryType;
import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.rgma.storage.StorageKind;

/**
 * The JSON body declaring a producer. {@code type}: primary (default) or secondary; periods in
 * seconds (fractions allowed) with R-GMA's names; {@code queryTypes} defaults to latest, history
 * and continuous for primary producers and latest and history for secondary ones.
 */
public record ProducerRequest(String type, String table, String predicate, String storage, Double latestRetentionPeriod,
        Double historyRetentionPeriod, Double terminationInterval, List<String> queryTypes) {

    /** The spec this request asks for, or a 400 naming the field at fault. */
    ProducerSpec toSpec() {
        if (table == null || table.isBlank()) {
            throw RgmaException.badRequest("the field 'table' is missing: name the table the producer publishes");
        }
        ProducerKind kind = switch (type == null ? "primary" : type.trim().toLowerCase()) {
            case "primary" -> ProducerKind.PRIMARY;
            case "secondary" -> ProducerKind.SECONDARY;
            default -> throw RgmaException.badRequest("type '" + type + "' is not primary or secondary");
        };
        StorageKind store = switch (storage == null ? (kind == ProducerKind.SECONDARY ? "database" : "memory")
                : storage.trim().toLowerCase()) {
            case "memory" -> StorageKind.MEMORY;
            case "database" -> StorageKind.DATABASE;
            default -> throw RgmaException.badRequest("storage '" + storage + "' is not memory or database");
        };
        Set<QueryType> types = EnumSet.noneOf(QueryType.class);
        if (queryTypes == null || queryTypes.isEmpty()) {
            types.add(QueryType.LATEST);
            types.add(QueryType.HISTORY);
            if (kind == ProducerKind.PRIMARY) {
                types.add(QueryType.CONTINUOUS);
            }
        } else {
            for (String t : queryTypes) {
                types.add(QueryType.parse(t));
            }
        }
        return new ProducerSpec(kind, table.trim().toLowerCase(), predicate, store, seconds("latestRetentionPeriod",
                latestRetentionPeriod, 600), seconds("historyRetentionPeriod", historyRetentionPeriod, 3600),
                seconds("terminationInterval", terminationInterval, 300), types);
    }

    private static Duration seconds(String name, Double value, double otherwise) {
        double v = value == null ? otherwise : value;
        if (Double.isNaN(v) || Double.isInfinite(v) || v < 0 || v > 7 * 86400) {
            throw RgmaException.badRequest(name + " " + value + " is not a number of seconds between 0 and 604800");
        }
        return Duration.ofMillis(Math.round(v * 1000));
    }
}
