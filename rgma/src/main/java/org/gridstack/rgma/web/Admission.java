package org.gridstack.rgma.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.InetAddress;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.service.admission.AddressShare;
import org.gridstack.service.admission.ClientAddressResolver;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Bounds of the anonymous side: queries running at once and continuous streams open per client
 * address, each an {@link AddressShare} keyed on the client address {@link ClientAddressResolver}
 * trusts; and consumer queries running at once in all, so that request threads are always left
 * for the producer calls those queries wait for (a consumer query beyond it gets 503 at once:
 * waiting for a turn would itself hold a request thread). Thread-safe.
 */
@ThreadSafe
public final class Admission {
    private final ClientAddressResolver resolver;
    private final AddressShare queries;
    private final AddressShare streams;
    private final Semaphore running;
    private final int maxRunning;

    public Admission(ClientAddressResolver resolver, int queriesPerAddress, int streamsPerAddress, int maxRunning) {
        this.resolver = requireNonNull(resolver, "resolver is null");
        if (maxRunning < 1) {
            throw new IllegalArgumentException("rgma.query.max-running must be at least 1: " + maxRunning);
        }
        this.queries = new AddressShare(queriesPerAddress);
        this.streams = new AddressShare(streamsPerAddress);
        this.running = new Semaphore(maxRunning);
        this.maxRunning = maxRunning;
    }

    /** The request's client address. */
    public InetAddress client(HttpServletRequest request) {
        return resolver.clientAddress(request);
    }

    /**
     * A query slot for the request's address and one of the server's running consumer queries;
     * 429 when the address has its share running, 503 when the server has all it may run.
     */
    public QuerySlot query(HttpServletRequest request) {
        AddressShare.Slot slot = enter(queries, request, "queries running");
        if (!running.tryAcquire()) {
            slot.close();
            throw new RgmaException(503, "the server is running its " + maxRunning
                    + " consumer queries at once (rgma.query.max-running); try again shortly");
        }
        return new QuerySlot(slot, running);
    }

    /** A running consumer query's place; closing it (once) gives both back. */
    public static final class QuerySlot implements AutoCloseable {
        private final AddressShare.Slot slot;
        private final Semaphore running;
        private final AtomicBoolean closed = new AtomicBoolean();

        QuerySlot(AddressShare.Slot slot, Semaphore running) {
            this.slot = slot;
            this.running = running;
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                running.release();
                slot.close();
            }
        }
    }

    /** A stream slot for the request's address, or a 429. */
    public AddressShare.Slot stream(HttpServletRequest request) {
        return enter(streams, request, "continuous streams open");
    }

    private AddressShare.Slot enter(AddressShare share, HttpServletRequest request, String what) {
        InetAddress client = client(request);
        AddressShare.Slot slot = share.tryEnter(client);
        if (slot == null) {
            throw new RgmaException(429, "address " + client.getHostAddress() + " already has " + share.perAddress() + " "
                    + what + "; wait for one to finish");
        }
        return slot;
    }
}
