package org.gridstack.service.http;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import jakarta.servlet.http.HttpServletRequest;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices clients that hung up while their request is still being worked on, so that the work
 * can be stopped. Tomcat finds a closed connection only when it next reads or writes it, and an
 * answer (with its status) is often written only once its work is done (a database query); so this looks
 * at the kernel's TCP table instead ({@code /proc/self/net/tcp} and {@code tcp6}, Linux), once per
 * interval while anything is watched: a watched connection in {@code CLOSE_WAIT} (the client
 * closed its side) has hung up. A connection the table does not show (reset, or a platform
 * without the table) is never taken for hung up. Limits: a client that only half-closes its side
 * (shutdown of output) while it waits for the answer is taken for gone; one that vanishes without
 * closing (unplugged) is not noticed until TCP gives up.
 *
 * <p>Thread-safe: one daemon thread reads the table and runs the actions (which must be quick
 * and must not throw).
 */
public final class ClientHangUps implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ClientHangUps.class);
    private static final List<Path> TABLES = List.of(Path.of("/proc/self/net/tcp"), Path.of("/proc/self/net/tcp6"));
    private static final String CLOSE_WAIT = "08";

    /** One TCP connection as the server sees it. */
    record Connection(int localPort, InetAddress remote, int remotePort) {
    }

    /** A watched request; closing it ends the watch (the request is answered). */
    public interface Watch extends AutoCloseable {
        @Override
        void close();
    }

    private final ConcurrentHashMap<Object, Watched> watched = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;

    private record Watched(Connection connection, Runnable onHangUp) {
    }

    /** Checks the table once per {@code interval} (a positive duration) while anything is watched. */
    public ClientHangUps(Duration interval) {
        requireNonNull(interval, "interval is null");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive, got " + interval);
        }
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "client-hang-ups");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::check, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Runs {@code onHangUp} (once, from the checking thread) if the client of {@code request} hangs up before the watch is closed. */
    public Watch watch(HttpServletRequest request, Runnable onHangUp) {
        requireNonNull(onHangUp, "onHangUp is null");
        InetAddress remote;
        try {
            remote = InetAddress.getByName(request.getRemoteAddr()); // an address literal: no name lookup
        } catch (UnknownHostException e) {
            return () -> { };
        }
        Object key = new Object();
        watched.put(key, new Watched(new Connection(request.getLocalPort(), remote, request.getRemotePort()), onHangUp));
        return () -> watched.remove(key);
    }

    private void check() {
        if (watched.isEmpty()) {
            return;
        }
        try {
            Set<Connection> closing = closedByClients();
            watched.forEach((key, w) -> {
                if (closing.contains(w.connection()) && watched.remove(key) != null) {
                    log.debug("client {}:{} hung up; stopping its request", w.connection().remote().getHostAddress(), w.connection().remotePort());
                    w.onHangUp().run();
                }
            });
        } catch (RuntimeException e) {
            log.warn("could not check for clients that hung up: {}", e.toString());
        }
    }

    /** Connections in CLOSE_WAIT according to the kernel's TCP tables (empty where there are none). */
    static Set<Connection> closedByClients() {
        Set<Connection> found = new HashSet<>();
        for (Path table : TABLES) {
            if (!Files.isReadable(table)) {
                continue;
            }
            try (Stream<String> lines = Files.lines(table)) {
                lines.skip(1).forEach(line -> {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 3 && f[3].equals(CLOSE_WAIT)) {
                        Connection c = parse(f[1], f[2]);
                        if (c != null) {
                            found.add(c);
                        }
                    }
                });
            } catch (IOException | RuntimeException e) {
                log.debug("cannot read {}: {}", table, e.toString());
            }
        }
        return found;
    }

    /** {@code local} and {@code remote} as the table writes them: hex address (32-bit words in host order) ':' hex port. */
    static Connection parse(String local, String remote) {
        int l = local.indexOf(':');
        int r = remote.indexOf(':');
        if (l < 0 || r < 0) {
            return null;
        }
        try {
            return new Connection(Integer.parseInt(local.substring(l + 1), 16), address(remote.substring(0, r)),
                    Integer.parseInt(remote.substring(r + 1), 16));
        } catch (IllegalArgumentException | UnknownHostException e) {
            return null;
        }
    }

    /** The table's address: 8 or 32 hex digits, each 32-bit word in the host's byte order; IPv4-mapped IPv6 becomes IPv4. */
    private static InetAddress address(String hex) throws UnknownHostException {
        byte[] b = HexFormat.of().parseHex(hex);
        if (b.length != 4 && b.length != 16) {
            throw new IllegalArgumentException("not an address: " + hex);
        }
        for (int w = 0; w < b.length && ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN; w += 4) {
            byte t = b[w];
            b[w] = b[w + 3];
            b[w + 3] = t;
            t = b[w + 1];
            b[w + 1] = b[w + 2];
            b[w + 2] = t;
        }
        return InetAddress.getByAddress(b);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        watched.clear();
    }
}
