package org.gridstack.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Debian's real Chromium ({@code /usr/bin/chromium}, package {@code chromium}, installed by
 * {@code ./gridstack test}) opening a page headless, as a person's browser would render it: the
 * DOM after loading and the console messages, or a screenshot. Each call is a fresh browser with
 * an empty profile in a temporary folder that is deleted afterwards; a browser that does not finish
 * in 90 s is killed. Networking beyond the page is off (no background services, no QUIC).
 * Stateless and thread-safe.
 */
public final class HeadlessChromium {
    public static final Path CHROMIUM = Paths.get(System.getProperty("gridstack.chromium", "/usr/bin/chromium"));
    private static final long TIMEOUT_SECONDS = 90;

    private HeadlessChromium() {
    }

    /**
     * What the browser made of a page.
     *
     * @param dom the document after loading, serialised
     * @param consoleMessages what the page wrote to the console (errors included), one line each
     */
    public record Rendering(String dom, List<String> consoleMessages) {
        public Rendering {
            Objects.requireNonNull(dom, "dom is null");
            consoleMessages = List.copyOf(consoleMessages);
        }
    }

    /** Loads {@code page} (a local file) and returns its DOM and console messages. */
    public static Rendering render(Path page) throws IOException, InterruptedException {
        Output out = run(page, "--enable-logging=stderr", "--v=0", "--dump-dom");
        List<String> console = new ArrayList<>();
        for (String line : out.stderr().split("\n")) {
            if (line.contains(":CONSOLE")) {
                console.add(line.substring(line.indexOf(":CONSOLE")));
            }
        }
        return new Rendering(out.stdout(), console);
    }

    /** Takes a screenshot of {@code page} at the given window size into {@code png}. */
    public static void screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
        Path parent = png.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        run(page, "--window-size=" + width + "," + height, "--hide-scrollbars", "--screenshot=" + png.toAbsolutePath());
        if (!Files.isRegularFile(png) || Files.size(png) == 0) {
            throw new IOException("Chromium wrote no screenshot of " + page + " to " + png);
        }
    }

    private record Output(String stdout, String stderr) {
    }

    private static Output run(Path page, String... options) throws IOException, InterruptedException {
        if (!Files.isExecutable(CHROMIUM)) {
            throw new IllegalStateException(CHROMIUM + " not found: install Debian's chromium package (./gridstack test does)");
        }
        if (!Files.isRegularFile(page)) {
            throw new IllegalArgumentException("no page at " + page.toAbsolutePath());
        }
        Path profile = Files.createTempDirectory("chromium-profile-");
        Path stdout = profile.resolve("stdout.txt");
        Path stderr = profile.resolve("stderr.txt");
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile.resolve("profile")));
        command.addAll(List.of(options));
        command.add(page.toAbsolutePath().toUri().toString());
        Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IOException("Chromium did not finish with " + page + " in " + TIMEOUT_SECONDS + " s");
            }
            String err = Files.readString(stderr, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException("Chromium exited with " + p.exitValue() + " on " + page + ":\n" + err);
            }
            return new Output(Files.readString(stdout, StandardCharsets.UTF_8), err);
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            ConfigTemplates.deleteTree(profile);
        }
    }
}
