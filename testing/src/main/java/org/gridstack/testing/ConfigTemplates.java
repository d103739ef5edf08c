package org.gridstack.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the real-server harnesses share: filling a configuration template's {@code ${name}}
 * placeholders, a free port, waiting until the started server listens (or has died), and deleting
 * a server's temporary folder. Stateless.
 */
final class ConfigTemplates {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-z_]+)}");

    private ConfigTemplates() {
    }

    /** Fills every {@code ${name}}; a placeholder without a value is an error, not an empty string. */
    static String render(String template, Map<String, String> values, String templateName) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String v = values.get(m.group(1));
            if (v == null) {
                throw new IllegalArgumentException("no value for ${" + m.group(1) + "} in " + templateName);
            }
            m.appendReplacement(b, Matcher.quoteReplacement(v));
        }
        m.appendTail(b);
        return b.toString();
    }

    /** Waits until something accepts connections on the loopback port; fails when the process exits first or time runs out. */
    static void awaitListening(Process process, String what, int port, long timeoutNanos, long pollMillis) throws IOException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException(what + " exited with " + process.exitValue());
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                sleep(pollMillis);
            }
        }
        throw new IOException(what + " did not listen on port " + port + " in time");
    }

    /** A loopback port nothing listens on right now (the usual race applies: take it soon). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        }
    }

    /** Deletes a folder and everything in it, as far as it can; a temporary folder left behind is harmless. */
    static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // left behind
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
