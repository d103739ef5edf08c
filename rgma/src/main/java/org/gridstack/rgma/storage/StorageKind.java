package org.gridstack.rgma.storage;

/**
 * Where a producer keeps its tuples, as R-GMA offered: {@link #MEMORY} (PostgreSQL UNLOGGED
 * tables: no write-ahead log, emptied if the server crashes, like R-GMA's in-memory database) or
 * {@link #DATABASE} (ordinary, durable tables).
 */
public enum StorageKind {
    MEMORY("rgma_mem_"), DATABASE("rgma_db_");

    private final String prefix;

    StorageKind(String prefix) {
        this.prefix = prefix;
    }

    /** The PostgreSQL table holding {@code table}'s tuples in this storage. */
    public String physicalTable(String table) {
        return prefix + table;
    }
}
