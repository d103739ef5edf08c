package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import com.google.errorprone.annotations.ThreadSafe;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import com.unboundid.ldap.listener.LDAPListenerClientConnection;
import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.sdk.Control;
import com.unboundid.ldap.sdk.LDAPException;

/**
 * Shares the server between connections when they compete for it (seed 002's MDS2 let one client
 * make 1,020,920 queries while fifteen others made 3,977). The SDK's listener gives every
 * connection a thread; which thread runs next is the kernel's choice, and on a busy machine a
 * connection whose client answers fast can be served again and again while others wait (a fair
 * queue for the concurrency limit does not help: it only orders requests that have already been
 * read). This handler counts each connection's searches per short period ({@link Settings#period})
 * and, while more searches are in progress (the asking one included) than
 * {@link Settings#contention} (the machine is contended), makes a connection that is ahead of the
 * period's fair share (searches so far / connections that searched in the period) by more than a
 * quarter of it plus {@link Settings#lead} searches wait until the others catch up, at most
 * {@link Settings#maxWait} per search; a waiting connection uses no CPU,
 * so the others get it. Other operations pass straight through. Without contention it costs two
 * counter updates per search. Wraps outside the concurrency limit, so a waiting connection holds
 * no slot. One instance per connection ({@link #newInstance}); the shared {@link Shares} are
 * thread-safe.
 */
public final class FairShareRequestHandler extends ForwardingRequestHandler {

    /**
     * @param period how long counts are kept before every connection starts again from zero
     *               (default 250 ms)
     * @param lead how many searches a connection may be ahead of the fair share, beyond a quarter
     *             of the share, before it waits (default 2)
     * @param maxWait the longest a search waits for its turn (default 5 ms)
     * @param contention searches at once (the one asking included) at or below which nobody
     *                   waits (default: the number of processors)
     */
    @Immutable
    public record Settings(Duration period, int lead, Duration maxWait, int contention) {
        public Settings {
            requireNonNull(period, "period is null");
            requireNonNull(maxWait, "maxWait is null");
            if (period.isNegative() || period.isZero()) {
                throw new IllegalArgumentException("the fair-share period must be positive, got " + period);
            }
            if (lead < 0) {
                throw new IllegalArgumentException("the fair-share lead must not be negative, got " + lead);
            }
            if (maxWait.isNegative()) {
                throw new IllegalArgumentException("the fair-share maximum wait must not be negative, got " + maxWait);
            }
            if (contention < 0) {
                throw new IllegalArgumentException("the fair-share contention threshold must not be negative, got " + contention);
            }
        }

        /** The defaults: 250 ms periods, a lead of 2 searches, at most 5 ms of waiting, contention above the processor count. */
        public static Settings defaults() {
            return new Settings(Duration.ofMillis(250), 2, Duration.ofMillis(5), Runtime.getRuntime().availableProcessors());
        }
    }

    /** What one period has seen: searches answered and connections that searched. */
    @ThreadSafe
    private record Period(long number, LongAdder searches, AtomicInteger connections) {
    }

    /** The state every connection of one listener shares. Thread-safe. */
    @ThreadSafe
    public static final class Shares {
        private final Settings settings;
        private final long periodNanos;
        private final AtomicReference<Period> current = new AtomicReference<>(new Period(Long.MIN_VALUE, new LongAdder(),
                new AtomicInteger()));
        private final AtomicInteger inProgress = new AtomicInteger();
        private final LongAdder waits = new LongAdder();

        public Shares(Settings settings) {
            this.settings = requireNonNull(settings, "settings is null");
            this.periodNanos = settings.period().toNanos();
        }

        Period period(long now) {
            long number = Math.floorDiv(now, periodNanos);
            Period p = current.get();
            while (p.number() != number) {
                Period next = new Period(number, new LongAdder(), new AtomicInteger());
                if (current.compareAndSet(p, next)) {
                    return next;
                }
                p = current.get();
            }
            return p;
        }

        /** Searches that waited for their turn so far (for tests and metrics). */
        public long waits() {
            return waits.sum();
        }
    }

    /** One connection's count in one period. Used by that connection's thread only. */
    static final class Turns {
        private long period = Long.MIN_VALUE;
        private long searches;

        /** The count in {@code p}, starting over (and joining its connections) when {@code p} is new to this connection. */
        long searchesIn(Period p) {
            if (period != p.number()) {
                period = p.number();
                searches = 0;
                p.connections().incrementAndGet();
            }
            return searches;
        }

        void answered(Period p) {
            if (period == p.number()) {
                searches++;
            }
            p.searches().increment();
        }
    }

    private final Shares shares;
    private final Turns turns;

    public FairShareRequestHandler(LDAPListenerRequestHandler next, Shares shares) {
        this(next, shares, null);
    }

    private FairShareRequestHandler(LDAPListenerRequestHandler next, Shares shares, Turns turns) {
        super(next);
        this.shares = requireNonNull(shares, "shares is null");
        this.turns = turns;
    }

    @Override
    public LDAPListenerRequestHandler newInstance(LDAPListenerClientConnection connection) throws LDAPException {
        return new FairShareRequestHandler(next.newInstance(connection), shares, new Turns());
    }

    @Override
    public LDAPMessage processSearchRequest(int messageID, SearchRequestProtocolOp request, List<Control> controls) {
        Turns t = turns == null ? new Turns() : turns;
        awaitTurn(t);
        shares.inProgress.incrementAndGet();
        try {
            return next.processSearchRequest(messageID, request, controls);
        } finally {
            shares.inProgress.decrementAndGet();
            t.answered(shares.period(System.nanoTime()));
        }
    }

    /** Waits while the machine is contended and this connection is ahead of its fair share (bounded). */
    private void awaitTurn(Turns t) {
        Settings s = shares.settings;
        long start = System.nanoTime();
        long deadline = start + s.maxWait().toNanos();
        boolean waited = false;
        for (long now = start; ; now = System.nanoTime()) {
            Period p = shares.period(now);
            long mine = t.searchesIn(p);
            if (shares.inProgress.get() + 1 <= s.contention() || now >= deadline
                    || !ahead(mine, p.searches().sum(), p.connections().get(), s.lead())) {
                break;
            }
            if (!waited) {
                waited = true;
                shares.waits.increment();
            }
            LockSupport.parkNanos(Math.min(100_000, deadline - now));
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }

    /**
     * Whether a connection that has had {@code mine} of the period's {@code searches} answers,
     * shared by {@code connections} connections, is ahead of its share by more than a quarter of
     * the share plus {@code lead}.
     */
    static boolean ahead(long mine, long searches, int connections, int lead) {
        if (connections <= 1) {
            return false;
        }
        // mine > share * 5/4 + lead with share = searches / connections, without division
        return 4 * mine * connections > 5 * searches + 4L * lead * connections;
    }

}
