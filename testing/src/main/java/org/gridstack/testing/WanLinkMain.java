package org.gridstack.testing;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Runs one {@link WanLink} as a process until it is stopped (SIGTERM), for the multi-host testbed
 * ({@code testbed/testbed}), where a topology marks a link between two hosts as WAN:
 * <pre>
 * java -cp testing.jar org.gridstack.testing.WanLinkMain --listen 127.0.0.1:18000 --target tier0:8000 \
 *     --delay-ms 20 --rate-kbps 1000
 * </pre>
 * {@code --delay-ms} is the one-way delay, {@code --rate-kbps} the per-connection ceiling in kB/s
 * (0: none), {@code --link-kbps} the ceiling of all connections together (0: none). Bad arguments
 * exit with status 2 and a message saying which.
 */
public final class WanLinkMain {
    private static final List<String> OPTIONS = List.of("--listen", "--target", "--delay-ms", "--rate-kbps", "--link-kbps");

    private WanLinkMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> values;
        WanLink.Profile profile;
        InetSocketAddress listen;
        InetSocketAddress target;
        try {
            values = parse(args);
            listen = address(values, "--listen");
            target = address(values, "--target");
            profile = new WanLink.Profile(Duration.ofMillis(number(values, "--delay-ms")),
                    number(values, "--rate-kbps") * 1000, number(values, "--link-kbps") * 1000);
        } catch (IllegalArgumentException e) {
            System.err.println("wan-link: " + e.getMessage());
            System.err.println("usage: WanLinkMain --listen ADDRESS:PORT --target HOST:PORT [--delay-ms N] [--rate-kbps N] [--link-kbps N]");
            System.exit(2);
            return;
        }
        WanLink link = WanLink.start("testbed", listen, target, profile);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            link.close();
            stopped.countDown();
        }, "wan-link-shutdown"));
        System.out.println("WAN link " + listen + " -> " + target + ": " + profile.describe());
        stopped.await();
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!OPTIONS.contains(args[i])) {
                throw new IllegalArgumentException("unknown option '" + args[i] + "'; known: " + OPTIONS);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            values.put(args[i], args[i + 1]);
        }
        return values;
    }

    static InetSocketAddress address(Map<String, String> values, String option) {
        String v = values.get(option);
        if (v == null) {
            throw new IllegalArgumentException(option + " HOST:PORT is required");
        }
        int colon = v.lastIndexOf(':');
        try {
            return new InetSocketAddress(v.substring(0, Math.max(colon, 0)), Integer.parseInt(v.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " '" + v + "' is not HOST:PORT with a port 0..65535");
        }
    }

    static long number(Map<String, String> values, String option) {
        String v = values.getOrDefault(option, "0");
        try {
            long n = Long.parseLong(v);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + v + "' is not a number of 0 or more");
        }
    }
}
