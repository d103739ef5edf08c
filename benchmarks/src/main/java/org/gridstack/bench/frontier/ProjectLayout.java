package org.gridstack.bench.frontier;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where things are in the checkout: the project root (the directory holding
 * {@code frontier-servlet/}) and the servlet's executable jar. Immutable.
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
}
