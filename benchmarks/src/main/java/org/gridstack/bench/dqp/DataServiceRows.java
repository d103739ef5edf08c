package org.gridstack.bench.dqp;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.gridstack.dqp.dataservice.DataServiceClient;
import org.gridstack.dqp.dataservice.RemoteScan;
import org.gridstack.dqp.dataservice.ScanRequest;

/**
 * A whole-table scan straight from a data service (the seed's GDS), in one of its delivery modes:
 * synchronous ({@code blockSize} 0: one document), or asynchronous blocks of {@code blockSize}
 * tuples pulled one request each (1: tuple by tuple). Uses dqp-engine's own client. Not thread-safe.
 */
final class DataServiceRows implements RowSource {
    private final DataServiceClient client;
    private final ScanRequest request;
    private final int blockSize;

    DataServiceRows(DataServiceClient client, String table, String codec, int blockSize) {
        this.client = requireNonNull(client, "client is null");
        this.request = new ScanRequest(requireNonNull(table, "table is null"), List.of(), List.of(), requireNonNull(codec, "codec is null"));
        if (blockSize < 0) {
            throw new IllegalArgumentException("blockSize must be 0 (synchronous) or positive, is " + blockSize);
        }
        this.blockSize = blockSize;
    }

    @Override
    public List<Object[]> fetch() throws Exception {
        List<Object[]> rows = new ArrayList<>();
        try (RemoteScan scan = blockSize == 0 ? client.scanSynchronously(request) : client.openScan(request, blockSize)) {
            List<Object[]> block;
            while ((block = scan.nextBlock()) != null) {
                rows.addAll(block);
            }
        }
        return rows;
    }
}
