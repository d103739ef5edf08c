package org.gridstack.bench.dqp;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gridstack.bench.kit.RepeatedQuery;

/**
 * Scan-1 at one block size in one codec: the bytes the codec makes of the table in blocks of that
 * size (what the data service's streamed scan sends: {@link CodecBytes}), the data service's blocked scan time, and the full DQP
 * Scan-1's time and EXCHANGE bytes (the coordinator's profile; the block size applies to both the
 * data service blocks and the EXCHANGE blocks). Immutable.
 */
record SweepPoint(String codec, int blockSize, long codecBytes, RepeatedQuery.Result dataService, RepeatedQuery.Result dqp,
                  long exchangeBytes) {
    SweepPoint {
        requireNonNull(codec, "codec is null");
        requireNonNull(dataService, "dataService is null");
        requireNonNull(dqp, "dqp is null");
    }

    Map<String, Object> jsonFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("codec", codec);
        m.put("blockSize", blockSize);
        m.put("codecBytes", codecBytes);
        m.put("dataServiceMedianMs", dataService.medianMillis());
        m.put("dataServiceMinMs", dataService.minMillis());
        m.put("dataServiceMaxMs", dataService.maxMillis());
        m.put("dqpMedianMs", dqp.medianMillis());
        m.put("dqpMinMs", dqp.minMillis());
        m.put("dqpMaxMs", dqp.maxMillis());
        m.put("dqpExchangeBytes", exchangeBytes);
        return m;
    }
}
