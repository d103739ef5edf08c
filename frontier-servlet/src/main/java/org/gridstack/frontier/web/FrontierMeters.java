package org.gridstack.frontier.web;

import com.google.errorprone.annotations.ThreadSafe;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.gridstack.frontier.protocol.zlib.ZlibEncoderKind;
import org.gridstack.frontier.protocol.zlib.ZlibEncoders;

/**
 * The FroNtier request path's meters, registered once, behind one type: the request path says
 * what happened ({@link #requestReceived()}, {@link #payloadError()}, ...) and never builds a meter.
 * Meter names and tags are the ones operators scrape ({@code frontier_requests_total},
 * {@code frontier_errors_total{kind}}, ...; see the README's metrics section).
 *
 * <p>Thread-safe: Micrometer meters are.
 */
@ThreadSafe
final class FrontierMeters {
    private final Counter requests;
    private final Counter notModified;
    private final Counter overloaded;
    private final Counter payloadErrors;
    private final Counter globalErrors;
    private final Counter aborted;
    private final DistributionSummary bytesOut;
    private final DistributionSummary requestSql;
    private final Timer compress;
    private final Timer request;
    @SuppressWarnings("ThreadSafe") // filled by the constructor, then only read (get)
    private final Map<ZlibEncoderKind, Counter> zippedPayloads = new EnumMap<>(ZlibEncoderKind.class);

    /**
     * @param answerMemory bytes held by answers produced but not yet sent, read when scraped
     * @param answerSpool bytes of answers spooled to disk and not yet sent, read when scraped
     */
    FrontierMeters(MeterRegistry registry, ZlibEncoders encoders, Supplier<Number> answerMemory, Supplier<Number> answerSpool) {
        Objects.requireNonNull(registry, "registry is null");
        Objects.requireNonNull(encoders, "encoders is null");
        Objects.requireNonNull(answerMemory, "answerMemory is null");
        Objects.requireNonNull(answerSpool, "answerSpool is null");
        requests = Counter.builder("frontier.requests").description("Requests received").register(registry);
        notModified = Counter.builder("frontier.not.modified").description("Requests answered 304 before taking a connection").register(registry);
        overloaded = Counter.builder("frontier.overloaded").description("Requests answered 503 above MaxThreads").register(registry);
        payloadErrors = Counter.builder("frontier.errors").tag("kind", "payload").description("Payloads answered with an error").register(registry);
        globalErrors = Counter.builder("frontier.errors").tag("kind", "global").description("Requests answered with a global error").register(registry);
        aborted = Counter.builder("frontier.aborted")
                .description("Answers ended without their end (connection closed) after an error found once the headers were sent").register(registry);
        bytesOut = DistributionSummary.builder("frontier.bytes.out").baseUnit("bytes").description("Response body bytes").register(registry);
        requestSql = DistributionSummary.builder("frontier.request.sql").baseUnit("bytes")
                .description("SQL bytes inflated from p1 per request (bounded by frontier.max-request-sql-bytes)").register(registry);
        compress = Timer.builder("frontier.compress").description("Time encoding, compressing and sending row streams").register(registry);
        request = Timer.builder("frontier.request").description("Whole request time").register(registry);
        for (ZlibEncoderKind kind : ZlibEncoderKind.values()) {
            zippedPayloads.put(kind, Counter.builder("frontier.compression.payloads").tag("encoder", kind.displayName())
                    .description("Zipped payloads by the DEFLATE encoder that wrote them (java.util.zip writes those under "
                            + "frontier.compression-one-shot-min-bytes and past frontier.compression-one-shot-max-bytes)").register(registry));
        }
        Gauge.builder("frontier.compression.encoder", () -> 1).tag("encoder", encoders.kind().displayName())
                .description("The DEFLATE encoder of zipped answers: " + encoders.description()).register(registry);
        Gauge.builder("frontier.answer.memory", answerMemory).baseUnit("bytes")
                .description("Memory held by answers produced but not yet sent").register(registry);
        Gauge.builder("frontier.answer.spool", answerSpool).baseUnit("bytes")
                .description("Disk held by answers spooled (over frontier.response-buffer-bytes) but not yet sent").register(registry);
    }

    void requestReceived() {
        requests.increment();
    }

    /** A request took {@code nanos} from arrival to its last byte (or its refusal). */
    void requestEnded(long nanos) {
        request.record(nanos, TimeUnit.NANOSECONDS);
    }

    void notModified() {
        notModified.increment();
    }

    /** Refused 503: above MaxThreads or above the address's share of the pool. */
    void overloaded() {
        overloaded.increment();
    }

    void payloadError() {
        payloadErrors.increment();
    }

    void globalError() {
        globalErrors.increment();
    }

    /** An answer ended without its end after its headers were sent. */
    void aborted() {
        aborted.increment();
    }

    void bytesOut(long bytes) {
        bytesOut.record(bytes);
    }

    void requestSql(long bytes) {
        requestSql.record(bytes);
    }

    /** A payload's rows took {@code nanos} to encode, compress and hand on after its query returned. */
    void encoded(long nanos) {
        compress.record(nanos, TimeUnit.NANOSECONDS);
    }

    void zipped(ZlibEncoderKind encoder) {
        zippedPayloads.get(encoder).increment();
    }
}
