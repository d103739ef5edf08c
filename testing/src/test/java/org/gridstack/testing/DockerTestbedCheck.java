package org.gridstack.testing;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Checks the repository's {@code docker/} folder without a Docker engine: every compose file and
 * Dockerfile is parsed and what they reference must exist and agree. The rules:
 * <ul>
 * <li>a compose service either builds an image from this repository (context: the repository
 * root; the Dockerfile exists) or uses one of the {@link #STOCK_IMAGES};</li>
 * <li>every file a Dockerfile COPYs exists, or is a build output of a module of this repository
 * ({@code MODULE/target/NAME.jar|war} where NAME is the module's finalName or artifactId-version);</li>
 * <li>files mounted from the repository exist;</li>
 * <li>the image runs as a non-root USER; a long-running service has a health check (its
 * Dockerfile's HEALTHCHECK or the compose file's; a one-shot command, in a profile or with
 * {@code HEALTHCHECK NONE} and no ports, needs none); a {@code service_healthy} dependency has one;</li>
 * <li>published ports and {@code service:port} references name a port the service listens on
 * (its EXPOSE, a {@code --port N} of its command, or a {@code *_PORT} variable);</li>
 * <li>no literal secrets: variables named like passwords, secrets or tokens must be {@code *_FILE}
 * pointing into {@code /run/secrets/}; no {@code password="..."} or {@code PASSWORD '...'} text
 * in any file under docker/;</li>
 * <li>every Dockerfile under docker/ is used by some compose file;</li>
 * <li>a stage FROM a name that is no tagged image and no earlier stage is a build context the
 * compose service gives it ({@code additional_contexts}, e.g. {@code base: "service:base"}, the
 * shared base image of docker/base), and a {@code service:} context names a service here that
 * builds an image; an image built on such a base has the base's USER and HEALTHCHECK unless it
 * sets its own.</li>
 * </ul>
 * Not thread-safe; one instance per check.
 */
final class DockerTestbedCheck {
    /** Images used as they are (official images configured by environment). */
    static final Map<String, Set<Integer>> STOCK_IMAGES = Map.of("postgres:15", Set.of(5432));
    private static final Pattern SECRET_NAME = Pattern.compile("(?i).*(password|passwd|secret|token).*");
    private static final Pattern LITERAL_SECRET = Pattern.compile(
            "(?i)(password|passwd|rootpw)(\\s*=\\s*|\\s+)([\"'])(?![$:{])([^\"'\\n)]+)\\3");
    private static final Pattern SERVICE_PORT = Pattern.compile("(?<![A-Za-z0-9.-])([a-z][a-z0-9-]*):(\\d{2,5})\\b");
    private static final Pattern PORT_OPTION = Pattern.compile("--port[= ](\\d+)");

    private final Path repo;
    private final List<String> problems = new ArrayList<>();
    private final Set<Path> usedDockerfiles = new LinkedHashSet<>();
    /** Dockerfiles whose final stage starts FROM another service's image, with that image's Dockerfile. */
    private final Map<Path, DockerfileModel> baseOf = new LinkedHashMap<>();

    DockerTestbedCheck(Path repo) {
        this.repo = requireNonNull(repo, "repo is null").toAbsolutePath().normalize();
    }

    /** Checks every compose file and Dockerfile under {@code docker/}; returns the problems found (none: all good). */
    List<String> checkRepository() throws IOException {
        Path docker = repo.resolve("docker");
        List<Path> composeFiles;
        List<Path> dockerfiles;
        List<Path> allFiles;
        try (Stream<Path> s = Files.walk(docker)) {
            allFiles = s.filter(Files::isRegularFile).sorted().toList();
        }
        composeFiles = allFiles.stream().filter(p -> p.getParent().equals(docker) && p.toString().endsWith(".yaml")).toList();
        dockerfiles = allFiles.stream().filter(p -> p.getFileName().toString().equals("Dockerfile")).toList();
        if (composeFiles.isEmpty()) {
            problems.add("no compose files (*.yaml) in " + docker);
        }
        for (Path compose : composeFiles) {
            checkCompose(compose, Files.readString(compose, StandardCharsets.UTF_8));
        }
        for (Path dockerfile : dockerfiles) {
            checkDockerfile(dockerfile);
            if (!usedDockerfiles.contains(dockerfile.normalize())) {
                problems.add(rel(dockerfile) + ": used by no compose file");
            }
        }
        for (Path f : allFiles) {
            checkNoLiteralSecret(rel(f), Files.readString(f, StandardCharsets.UTF_8));
        }
        return List.copyOf(problems);
    }

    /** Checks one compose file's text (its relative paths resolve against {@code file}'s folder). */
    @SuppressWarnings("unchecked")
    List<String> checkCompose(Path file, String text) throws IOException {
        String name = rel(file);
        Object root = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        if (!(root instanceof Map<?, ?> top) || !(top.get("services") instanceof Map<?, ?> services)) {
            problems.add(name + ": no services");
            return List.copyOf(problems);
        }
        Map<String, Set<Integer>> listening = new LinkedHashMap<>();
        Map<String, Boolean> healthy = new LinkedHashMap<>();
        Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : services.entrySet()) {
            String service = String.valueOf(e.getKey());
            Map<String, Object> s = (Map<String, Object>) e.getValue();
            byName.put(service, s);
            String where = name + " service " + service;
            Set<Integer> ports = new TreeSet<>();
            String healthcheck = null;
            if (s.get("build") != null) {
                DockerfileModel model = builtImage(file, where, s.get("build"), services);
                if (model != null) {
                    ports.addAll(model.exposedPorts());
                    healthcheck = model.healthcheck();
                }
            } else if (s.get("image") instanceof String image) {
                if (!STOCK_IMAGES.containsKey(image)) {
                    problems.add(where + ": image " + image + " is neither built from this repository nor a stock image we allow "
                            + STOCK_IMAGES.keySet());
                } else {
                    ports.addAll(STOCK_IMAGES.get(image));
                    healthcheck = "stock";
                }
            } else {
                problems.add(where + ": neither build nor image");
            }
            if (s.get("healthcheck") instanceof Map<?, ?> hc && hc.get("test") != null) {
                healthcheck = "compose";
            }
            if (s.get("user") instanceof String user && (user.equals("root") || user.startsWith("0"))) {
                problems.add(where + ": runs as root (user: " + user + ")");
            }
            String command = String.valueOf(s.getOrDefault("command", ""));
            Matcher m = PORT_OPTION.matcher(command.replace(", ", " "));
            while (m.find()) {
                ports.add(Integer.parseInt(m.group(1)));
            }
            Map<String, String> env = environment(s.get("environment"));
            for (Map.Entry<String, String> v : env.entrySet()) {
                if (v.getKey().endsWith("_PORT") && v.getValue().matches("\\d+")) {
                    ports.add(Integer.parseInt(v.getValue()));
                }
                if (SECRET_NAME.matcher(v.getKey()).matches() && !v.getKey().endsWith("_FILE")) {
                    problems.add(where + ": " + v.getKey() + " holds a secret in the compose file; use " + v.getKey()
                            + "_FILE with a file under /run/secrets/");
                } else if (v.getKey().endsWith("_FILE") && SECRET_NAME.matcher(v.getKey()).matches()
                        && !v.getValue().startsWith("/run/secrets/")) {
                    problems.add(where + ": " + v.getKey() + " should name a file under /run/secrets/, is " + v.getValue());
                }
            }
            if (command.matches("(?is).*--[a-z.-]*(password|secret|token)[a-z.-]*[= ,].*")) {
                problems.add(where + ": a secret on the command line (visible in ps): " + command);
            }
            for (Object volume : s.get("volumes") instanceof List<?> l ? l : List.of()) {
                String v = String.valueOf(volume);
                if (v.startsWith("./") || v.startsWith("../")) {
                    Path source = file.getParent().resolve(v.split(":")[0]).normalize();
                    if (!Files.exists(source)) {
                        problems.add(where + ": mounts " + v.split(":")[0] + ", which does not exist (" + rel(source) + ")");
                    }
                }
            }
            boolean oneShot = s.get("profiles") != null
                    || (healthcheck != null && healthcheck.strip().equalsIgnoreCase("NONE") && ports.isEmpty());
            if (!oneShot && (healthcheck == null || healthcheck.strip().equalsIgnoreCase("NONE"))) {
                problems.add(where + ": no health check (HEALTHCHECK in its Dockerfile or healthcheck: here)");
            }
            healthy.put(service, healthcheck != null && !healthcheck.strip().equalsIgnoreCase("NONE"));
            listening.put(service, ports);
        }
        for (Map.Entry<String, Map<String, Object>> e : byName.entrySet()) {
            String where = name + " service " + e.getKey();
            Map<String, Object> s = e.getValue();
            for (Object p : s.get("ports") instanceof List<?> l ? l : List.of()) {
                String[] parts = String.valueOf(p).split(":");
                int container = Integer.parseInt(parts[parts.length - 1].split("/")[0]);
                if (!listening.get(e.getKey()).contains(container)) {
                    problems.add(where + ": publishes container port " + container + ", but listens on " + listening.get(e.getKey()));
                }
            }
            if (s.get("depends_on") instanceof Map<?, ?> deps) {
                for (Map.Entry<?, ?> d : deps.entrySet()) {
                    String target = String.valueOf(d.getKey());
                    if (!byName.containsKey(target)) {
                        problems.add(where + ": depends on " + target + ", which is not a service here");
                    } else if (String.valueOf(d.getValue()).contains("service_healthy") && !healthy.get(target)) {
                        problems.add(where + ": waits for " + target + " to be healthy, which has no health check");
                    }
                }
            } else if (s.get("depends_on") instanceof List<?> deps) {
                deps.stream().map(String::valueOf).filter(d -> !byName.containsKey(d))
                        .forEach(d -> problems.add(where + ": depends on " + d + ", which is not a service here"));
            }
            String references = String.valueOf(s.getOrDefault("command", "")) + " " + environment(s.get("environment")).values();
            Matcher m = SERVICE_PORT.matcher(references);
            while (m.find()) {
                String target = m.group(1);
                int port = Integer.parseInt(m.group(2));
                if (byName.containsKey(target) && !listening.get(target).contains(port)) {
                    problems.add(where + ": refers to " + target + ":" + port + ", but " + target + " listens on " + listening.get(target));
                }
            }
        }
        return List.copyOf(problems);
    }

    /**
     * The model of the image a service builds, with what it inherits from a base built by another
     * service (its exposed ports and, unless set, its health check); null when it cannot be read.
     */
    private DockerfileModel builtImage(Path compose, String where, Object build, Map<?, ?> services) throws IOException {
        if (!(build instanceof String) && !(build instanceof Map<?, ?>)) {
            problems.add(where + ": build is neither a path nor a map");
            return null;
        }
        String context = build instanceof Map<?, ?> b ? String.valueOf(b.get("context")) : (String) build;
        Path contextDir = compose.getParent().resolve(context).normalize();
        if (!contextDir.equals(repo)) {
            problems.add(where + ": build context " + context + " is not the repository root (" + rel(contextDir) + ")");
        }
        Path file = dockerfile(compose, build);
        if (!Files.isRegularFile(file)) {
            problems.add(where + ": Dockerfile " + rel(file) + " does not exist");
            return null;
        }
        usedDockerfiles.add(file);
        DockerfileModel model = DockerfileModel.parse(Files.readString(file, StandardCharsets.UTF_8));
        Map<String, String> contexts = build instanceof Map<?, ?> b ? environment(b.get("additional_contexts")) : Map.of();
        for (String base : model.externalBases()) {
            if (!contexts.containsKey(base) && !base.matches(".*[:/@$].*")) {
                problems.add(where + ": FROM " + base + " is neither a tagged image, an earlier stage nor an additional context"
                        + " of this build (a registry would be asked for " + base + "); add additional_contexts: {" + base
                        + ": \"service:...\"}");
            }
        }
        DockerfileModel inherited = null;
        for (Map.Entry<String, String> c : contexts.entrySet()) {
            if (!c.getValue().startsWith("service:")) {
                continue;
            }
            String target = c.getValue().substring("service:".length());
            if (!(services.get(target) instanceof Map<?, ?> t)) {
                problems.add(where + ": additional context " + c.getKey() + " refers to service " + target + ", which is not a service here");
            } else if (t.get("build") == null || !Files.isRegularFile(dockerfile(compose, t.get("build")))) {
                problems.add(where + ": additional context " + c.getKey() + " refers to service " + target + ", which builds no image");
            } else if (model.baseImage().equals(c.getKey())) {
                inherited = DockerfileModel.parse(Files.readString(dockerfile(compose, t.get("build")), StandardCharsets.UTF_8));
                baseOf.put(file, inherited);
            }
        }
        return inherited == null ? model : model.on(inherited);
    }

    /** The Dockerfile a compose {@code build} names (its context, then its dockerfile, default "Dockerfile"). */
    private static Path dockerfile(Path compose, Object build) {
        if (build instanceof Map<?, ?> b) {
            Path contextDir = compose.getParent().resolve(String.valueOf(b.get("context")));
            return contextDir.resolve(b.get("dockerfile") != null ? String.valueOf(b.get("dockerfile")) : "Dockerfile").normalize();
        }
        return compose.getParent().resolve(String.valueOf(build)).resolve("Dockerfile").normalize();
    }

    /** Checks one Dockerfile (COPY sources resolve against the repository root, the build context). */
    void checkDockerfile(Path file) throws IOException {
        String name = rel(file);
        DockerfileModel own = DockerfileModel.parse(Files.readString(file, StandardCharsets.UTF_8));
        if (own.baseImage().isEmpty()) {
            problems.add(name + ": no FROM");
        }
        DockerfileModel model = baseOf.containsKey(file.normalize()) ? own.on(baseOf.get(file.normalize())) : own;
        String user = model.user();
        if (user.isEmpty() || user.equals("root") || user.startsWith("0")) {
            problems.add(name + ": the image runs as root (add a USER with an unprivileged account)");
        }
        String healthcheck = model.healthcheck();
        if (healthcheck == null) {
            problems.add(name + ": no HEALTHCHECK (HEALTHCHECK NONE for a one-shot command)");
        } else if (healthcheck.equalsIgnoreCase("NONE") && !model.exposedPorts().isEmpty()) {
            problems.add(name + ": exposes " + model.exposedPorts() + " but has HEALTHCHECK NONE");
        }
        for (String source : own.contextSources()) {
            checkSource(name, source);
        }
        for (String key : own.environmentKeys()) {
            if (SECRET_NAME.matcher(key).matches() && !key.endsWith("_FILE")) {
                problems.add(name + ": ENV/ARG " + key + " would bake a secret into the image");
            }
        }
    }

    private void checkSource(String where, String source) throws IOException {
        Path path = repo.resolve(source).normalize();
        if (!path.startsWith(repo)) {
            problems.add(where + ": COPY " + source + " is outside the build context");
            return;
        }
        if (Files.exists(path)) {
            return;
        }
        Path rel = repo.relativize(path);
        if (rel.getNameCount() == 3 && rel.getName(1).toString().equals("target")) {
            String module = rel.getName(0).toString();
            String fileName = rel.getName(2).toString();
            Path pom = repo.resolve(module).resolve("pom.xml");
            if (Files.isRegularFile(pom)) {
                String pomText = Files.readString(pom, StandardCharsets.UTF_8);
                String base = fileName.replaceFirst("\\.(jar|war)$", "");
                if (!base.equals(fileName) && (pomText.contains("<finalName>" + base + "</finalName>")
                        || base.equals(module + "-" + projectVersion()))) {
                    return; // a build output of this module (./mvnw package makes it)
                }
            }
        }
        problems.add(where + ": COPY " + source + " does not exist and is no module's build output");
    }

    private String projectVersion() throws IOException {
        Matcher m = Pattern.compile("<artifactId>gridstack-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(repo.resolve("pom.xml"), StandardCharsets.UTF_8));
        return m.find() ? m.group(1) : "?";
    }

    /** No password, rootpw or secret written as a literal into a file. */
    void checkNoLiteralSecret(String where, String text) {
        Matcher m = LITERAL_SECRET.matcher(text);
        while (m.find()) {
            problems.add(where + ": a literal secret (" + m.group() + "); read it from a file or the environment");
        }
    }

    private static Map<String, String> environment(Object env) {
        Map<String, String> out = new LinkedHashMap<>();
        if (env instanceof Map<?, ?> map) {
            map.forEach((k, v) -> out.put(String.valueOf(k), v == null ? "" : String.valueOf(v)));
        } else if (env instanceof List<?> list) {
            for (Object o : list) {
                String kv = String.valueOf(o);
                int eq = kv.indexOf('=');
                out.put(eq < 0 ? kv : kv.substring(0, eq), eq < 0 ? "" : kv.substring(eq + 1));
            }
        }
        return out;
    }

    private String rel(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(repo) ? repo.relativize(abs).toString() : abs.toString();
    }
}
