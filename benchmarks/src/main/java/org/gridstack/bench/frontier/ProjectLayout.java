package org.gridstack.bench.frontier;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where things are in the checkout: the project root (the directory holding
 * {@code frontier-servlet/}), the servlet's executable jar and the {@code shared/} folder beside
 * the checkout. Immutable.
 */
public final class ProjectLayout {
    static final String SERVLET_MODULE = "frontier-servlet";
    static final String SERVLET_JAR = "frontier-servlet/target/frontier-servlet.jar";

    private final Path root;

    private ProjectLayout(Path root) {
        this.root = Objects.requireNonNull(root, "root is null");
    }

    /**
     * The root named by {@code -Dgridstack.project.root}, else the first directory holding
     * {@code frontier-servlet/} walking up from the working directory.
     */
    public static ProjectLayout discover() {
        String configured = System.getProperty("gridstack.project.root");
        if (configured != null && !configured.isBlank()) {
            Path dir = Path.of(configured).toAbsolutePath().normalize();
            if (!Files.isDirectory(dir.resolve(SERVLET_MODULE))) {
                throw new IllegalStateException("-Dgridstack.project.root=" + configured + " does not hold " + SERVLET_MODULE + "/");
            }
            return new ProjectLayout(dir);
        }
        return fromDirectory(Path.of("").toAbsolutePath());
    }

    /** The first directory holding {@code frontier-servlet/}, walking up from {@code start}. */
    public static ProjectLayout fromDirectory(Path start) {
        Objects.requireNonNull(start, "start is null");
        for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(SERVLET_MODULE))) {
                return new ProjectLayout(dir);
            }
        }
        throw new IllegalStateException("cannot find the gridstack checkout: no directory from " + start.toAbsolutePath()
                + " upwards holds " + SERVLET_MODULE + "/; run from inside the checkout or set -Dgridstack.project.root");
    }

    public Path root() {
        return root;
    }

    /** The servlet's executable jar; fails with the command that builds it when it is missing. */
    public Path servletJar() {
        Path jar = root.resolve(SERVLET_JAR);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("the servlet jar " + jar + " is missing: run ./mvnw -q package -DskipTests -pl frontier-servlet -am first"
                    + " (in " + root + ")");
        }
        return jar;
    }

    /** Where the full run writes its results. */
    public Path resultsDir() {
        return root.resolve("benchmarks").resolve("target").resolve("results");
    }

    /**
     * The {@code shared/} folder: {@code -Dgridstack.shared.dir}, else {@code GRIDSTACK_SHARED_DIR},
     * else {@code ../shared} relative to the root; empty when it does not exist.
     */
    public Optional<Path> sharedDir() {
        String dir = System.getProperty("gridstack.shared.dir");
        if (dir == null || dir.isBlank()) {
            dir = System.getenv("GRIDSTACK_SHARED_DIR");
        }
        Path path = dir == null || dir.isBlank() ? root.resolve("..").resolve("shared") : Path.of(dir);
        path = path.toAbsolutePath().normalize();
        return Files.isDirectory(path) ? Optional.of(path) : Optional.empty();
    }
}
