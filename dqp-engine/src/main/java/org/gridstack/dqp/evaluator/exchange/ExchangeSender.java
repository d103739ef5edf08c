package org.gridstack.dqp.evaluator.exchange;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridstack.dqp.block.BlockCodec;
import org.gridstack.dqp.block.BlockFrameEncoder;
import org.gridstack.dqp.block.BlockSchema;
import org.gridstack.dqp.http.PeerException;
import org.gridstack.dqp.http.PeerHttp;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The producing side of one EXCHANGE: packs each block into the codec (translation, timed) and
 * pushes it to the consumer's inbox. All blocks of the exchange travel on <b>one</b> streamed HTTP
 * POST as a block-frame stream ({@link BlockFrameEncoder}), opened with the first block: the
 * producer does not wait for a round trip per block. Back-pressure still holds: at most
 * {@value #WINDOW_BLOCKS} encoded blocks wait to be written; behind them the TCP buffers, and the
 * consumer reads the next block only when its inbox has room, so a slow consumer holds back the
 * producer, who then waits in {@link #send} (block transfer, timed) up to the timeout. A consumer
 * that is gone (410: inbox closed) makes {@link #send} return false. {@link #finish} ends the stream,
 * waits for the consumer's answer and sends the cost counters; {@link #fail} ends it with an error
 * frame; {@link #close} drops an unfinished stream. The frames are written to the connection by a small process-wide pool of daemon threads
 * ({@code dqp-exchange-push-*}, idle ones end after {@value #IDLE_SECONDS} s). Not thread-safe: one
 * producer thread.
 */
public final class ExchangeSender implements AutoCloseable {
    /** Encoded blocks that may wait to be written before the producer waits. */
    static final int WINDOW_BLOCKS = 8;
    static final int IDLE_SECONDS = 10;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ExecutorService PUSH_THREADS = new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS,
            new SynchronousQueue<>(), new ThreadFactory() {
                private final AtomicInteger n = new AtomicInteger();

                @Override
                public Thread newThread(Runnable r) {
                    Thread t = new Thread(r, "dqp-exchange-push-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }
            });

    private final HttpClient http;
    private final URI exchange;
    private final String exchangePath;
    private final PeerHttp<IOException> consumer;
    private final BlockFrameEncoder frames;
    private final Duration timeout;
    private SubmissionPublisher<ByteBuffer> stream;
    private CompletableFuture<HttpResponse<String>> answer;
    private long translationNanos;
    private long transferNanos;
    private long bytes;
    private long blocks;
    private boolean consumerGone;

    public ExchangeSender(HttpClient http, URI consumer, String exchangeId, BlockCodec codec, BlockSchema schema, Duration timeout) {
        this.http = requireNonNull(http, "http is null");
        this.exchangePath = "/gqes/v1/exchanges/" + requireNonNull(exchangeId, "exchangeId is null");
        this.exchange = requireNonNull(consumer, "consumer is null").resolve(exchangePath);
        this.consumer = PeerHttp.named("EXCHANGE consumer " + exchange, consumer, http, timeout);
        this.frames = new BlockFrameEncoder(requireNonNull(codec, "codec is null"), requireNonNull(schema, "schema is null"));
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    /**
     * Pushes one block (waits only while the window is full).
     *
     * @return false when the consumer is gone (410): stop producing
     * @throws IOException when the consumer cannot be reached or does not take blocks within the timeout, naming it
     */
    public boolean send(List<Object[]> rows) throws IOException {
        if (consumerGone) {
            return false;
        }
        long start = System.nanoTime();
        byte[] frame = frames.frame(rows);
        long packed = System.nanoTime();
        translationNanos += packed - start;
        bytes += frame.length - 4;
        blocks++;
        try {
            if (stream == null) {
                open();
            }
            return offer(frame);
        } finally {
            transferNanos += System.nanoTime() - packed;
        }
    }

    private void open() throws IOException {
        SubmissionPublisher<ByteBuffer> publisher = new SubmissionPublisher<>(PUSH_THREADS, WINDOW_BLOCKS);
        CountDownLatch subscribed = new CountDownLatch(1);
        Flow.Publisher<ByteBuffer> body = subscriber -> {
            publisher.subscribe(subscriber);
            subscribed.countDown();
        };
        HttpRequest request = HttpRequest.newBuilder(URI.create(exchange + "/blocks")).timeout(timeout)
                .header("Content-Type", frames.contentType()).POST(HttpRequest.BodyPublishers.fromPublisher(body)).build();
        stream = publisher;
        answer = http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            // items offered before the HTTP client subscribed would be dropped
            while (!subscribed.await(50, TimeUnit.MILLISECONDS)) {
                if (answer.isDone()) {
                    checkEarlyAnswer();
                    return;
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("EXCHANGE consumer " + exchange + " did not take the stream within " + timeout);
                }
            }
        } catch (InterruptedException e) {
            abort();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while pushing to " + exchange);
        }
    }

    private boolean offer(byte[] frame) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (answer.isDone()) {
                checkEarlyAnswer();
                return false;
            }
            int lag = stream.offer(ByteBuffer.wrap(frame), 100, TimeUnit.MILLISECONDS, (subscriber, item) -> false);
            if (lag >= 0) {
                return true;
            }
            if (Thread.currentThread().isInterrupted()) {
                abort();
                throw new InterruptedIOException("interrupted while pushing to " + exchange);
            }
            if (System.nanoTime() > deadline) {
                abort();
                throw new IOException("EXCHANGE consumer " + exchange + " took no block for " + timeout);
            }
        }
    }

    /** The consumer answered while blocks were still coming: 410 (gone) ends quietly, anything else is a failure. */
    private void checkEarlyAnswer() throws IOException {
        int status = status(answer);
        abort();
        if (status == 410) {
            consumerGone = true;
            return;
        }
        throw new IOException("EXCHANGE consumer " + exchange + " answered HTTP " + status + " before the stream ended");
    }

    private int status(CompletableFuture<HttpResponse<String>> response) throws IOException {
        try {
            return response.get(timeout.toMillis(), TimeUnit.MILLISECONDS).statusCode();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while pushing to " + exchange);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IOException("EXCHANGE consumer " + exchange + " unreachable: " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            throw new IOException("EXCHANGE consumer " + exchange + " did not answer within " + timeout, e);
        }
    }

    /** Drops the stream (the consumer sees it stop before its end frame). */
    private void abort() {
        if (stream != null) {
            stream.closeExceptionally(new IOException("EXCHANGE stream to " + exchange + " abandoned"));
        }
        if (answer != null && !answer.isDone()) {
            answer.cancel(true);
        }
    }

    /**
     * Tells the consumer this producer finished, with its cost counters: in the stream's end frame
     * (then waits for the consumer to take the stream), or with a request of its own when no block
     * was sent.
     */
    public void finish(Map<String, Object> stats) throws IOException {
        if (stream == null && !consumerGone) {
            post("/end", stats);
            return;
        }
        endStream(BlockFrameEncoder.endFrame(JSON.writeValueAsBytes(stats)));
    }

    // false when the consumer is gone
    private boolean endStream(byte[] lastFrame) throws IOException {
        if (consumerGone) {
            return false;
        }
        if (stream == null) {
            return true;
        }
        long start = System.nanoTime();
        try {
            if (!offer(lastFrame)) {
                return false;
            }
            stream.close();
            int status = status(answer);
            if (status == 410) {
                consumerGone = true;
                return false;
            }
            if (status != 200) {
                throw new IOException("EXCHANGE consumer " + exchange + " answered HTTP " + status);
            }
            return true;
        } finally {
            transferNanos += System.nanoTime() - start;
        }
    }

    /** Tells the consumer this producer failed; errors reaching it are ignored (it times out). */
    public void fail(String message) {
        try {
            if (stream != null) {
                // the stream carries the failure itself; without one, a request of its own does
                endStream(BlockFrameEncoder.errorFrame(message));
            } else {
                post("/error", Map.of("error", message));
            }
        } catch (IOException ignored) {
            abort(); // the consumer is unreachable: its own timeout ends the query
        }
    }

    // a consumer that is gone (410) needs no more word from this producer
    private void post(String path, Object body) throws IOException {
        try {
            consumer.call(consumer.postJson(exchangePath + path, body));
        } catch (PeerException e) {
            if (e.httpStatus() != 410) {
                throw e;
            }
        }
    }

    /**
     * Drops a stream that was neither finished nor failed (the producer was stopped): the consumer
     * sees it stop before its end frame, and no request stays open. No-op after {@link #finish}.
     */
    @Override
    public void close() {
        if (stream != null && !stream.isClosed()) {
            abort();
        }
    }

    /** Nanoseconds spent packing blocks. */
    public long translationNanos() {
        return translationNanos;
    }

    /** Nanoseconds the producer waited to hand blocks over (window full) and for the consumer to take the stream's end. */
    public long transferNanos() {
        return transferNanos;
    }

    /** Blocks pushed. */
    public long blocks() {
        return blocks;
    }

    /** Encoded bytes pushed (the blocks in the codec, without the frames' 4-byte lengths). */
    public long bytes() {
        return bytes;
    }
}
