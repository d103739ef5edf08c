package org.gridstack.bench.kit;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.Collections;

/**
 * The multi-host testbed a benchmark JVM runs its experiment on (testbed/README.md), as the suite
 * states it with the system property {@value #PROPERTY} (the topology's name; unset: in-process
 * servers as usual), read from the testbed's own state folder ({@value #DIR_PROPERTY}, default
 * {@value #DEFAULT_DIR}): the topology that is up and the copy of its topology file that
 * {@code testbed up} keeps there, so the hosts' addresses and the services' ports come from the
 * testbed itself. Load agents run on the topology's client hosts through the testbed's
 * {@code exec} (as the unprivileged user, inside the host's network namespace), started by the
 * command prefix {@value #EXEC_PROPERTY} (default {@value #DEFAULT_EXEC}: the root-owned copy of
 * {@code testbed/testbed} that {@code ./gridstack bench -Dbench.testbed=...} allows the build user to run with sudo). Immutable
 * and thread-safe.
 */
public final class Testbed {
    /** The system property naming the topology a run measures on. */
    public static final String PROPERTY = "gridstack.bench.testbed";
    /** The system property naming the testbed's state folder. */
    public static final String DIR_PROPERTY = "gridstack.bench.testbed.dir";
    /** The system property holding the command prefix that runs a command on a testbed host (words separated by spaces). */
    public static final String EXEC_PROPERTY = "gridstack.bench.testbed.exec";
    static final String DEFAULT_DIR = "/var/tmp/gridstack-testbed";
    static final String DEFAULT_EXEC = "sudo -n /run/gridstack-bench/testbed exec";
    private static final Pattern NAME = Pattern.compile("[a-z0-9-]+");

    /** One {@code service HOST KIND key=value...} line of the topology. */
    public record Service(String host, String kind, Map<String, String> options) {
        public Service {
            requireNonNull(host, "host is null");
            requireNonNull(kind, "kind is null");
            options = Map.copyOf(requireNonNull(options, "options is null"));
        }

        /** The service's port option, or {@code otherwise} when the topology leaves it at the service's default. */
        public int port(int otherwise) {
            String p = options.get("port");
            return p == null ? otherwise : Integer.parseInt(p);
        }
    }

    private final String topology;
    private final Map<String, String> addresses;
    private final List<Service> services;
    private final List<String> exec;

    Testbed(String topology, Map<String, String> addresses, List<Service> services, List<String> exec) {
        this.topology = requireNonNull(topology, "topology is null");
        this.addresses = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(addresses, "addresses is null")));
        this.services = List.copyOf(requireNonNull(services, "services is null"));
        this.exec = List.copyOf(requireNonNull(exec, "exec is null"));
        if (this.exec.isEmpty()) {
            throw new IllegalArgumentException("the command prefix that runs commands on testbed hosts is empty");
        }
    }

    /**
     * The testbed named by {@value #PROPERTY}, or empty when the property is unset (a normal run).
     *
     * @throws IllegalStateException when the property names a topology that is not the one up
     */
    public static Optional<Testbed> current() {
        String name = System.getProperty(PROPERTY);
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        Path dir = Path.of(System.getProperty(DIR_PROPERTY, DEFAULT_DIR));
        List<String> exec = List.of(System.getProperty(EXEC_PROPERTY, DEFAULT_EXEC).strip().split("\\s+"));
        return Optional.of(read(name.strip(), dir, exec));
    }

    /** Reads the testbed that is up in state folder {@code dir}, which must be topology {@code name}. */
    public static Testbed read(String name, Path dir, List<String> exec) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("testbed topology '" + name + "': letters, digits and '-' only");
        }
        Path up = dir.resolve("topology");
        String running;
        try {
            running = Files.readString(up, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalStateException("no testbed is up (" + up + " unreadable: " + e.getMessage() + "); run: sudo testbed/testbed up " + name, e);
        }
        if (!running.equals(name)) {
            throw new IllegalStateException("the testbed that is up runs topology '" + running + "', not '" + name + "'");
        }
        Path file = dir.resolve("topology.topo");
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("the testbed keeps no copy of its topology file (" + file + "): bring it up again with this checkout's"
                    + " testbed/testbed", e);
        }
        Map<String, String> addresses = new LinkedHashMap<>();
        List<Service> services = new ArrayList<>();
        for (String raw : lines) {
            int hash = raw.indexOf('#');
            String[] w = (hash >= 0 ? raw.substring(0, hash) : raw).strip().split("\\s+");
            switch (w[0]) {
                case "host" -> addresses.put(w[1], w[2]);
                case "service" -> {
                    Map<String, String> options = new LinkedHashMap<>();
                    for (int i = 3; i < w.length; i++) {
                        int eq = w[i].indexOf('=');
                        options.put(w[i].substring(0, eq), w[i].substring(eq + 1));
                    }
                    services.add(new Service(w[1], w[2], options));
                }
                default -> {
                    // subnet, wan, await, blank lines
                }
            }
        }
        if (addresses.isEmpty()) {
            throw new IllegalStateException(file + " declares no host");
        }
        return new Testbed(name, addresses, services, exec);
    }

    public String topology() {
        return topology;
    }

    /** Every host and its address, in the topology's order. */
    public Map<String, String> addresses() {
        return addresses;
    }

    /** The address of {@code host}; refused for a host the topology does not have. */
    public String address(String host) {
        String a = addresses.get(requireNonNull(host, "host is null"));
        if (a == null) {
            throw new IllegalArgumentException("topology " + topology + " has no host '" + host + "' (hosts: " + addresses.keySet() + ")");
        }
        return a;
    }

    /** The services of one kind ({@code squid}, {@code giis}, {@code dqp-coordinator}, ...), in the topology's order. */
    public List<Service> services(String kind) {
        requireNonNull(kind, "kind is null");
        return services.stream().filter(s -> s.kind().equals(kind)).toList();
    }

    /** The one service of {@code kind}; refused when the topology has none or several. */
    public Service service(String kind) {
        List<Service> s = services(kind);
        if (s.size() != 1) {
            throw new IllegalStateException("topology " + topology + " has " + s.size() + " '" + kind + "' services, expected one");
        }
        return s.get(0);
    }

    /** The hosts that run no service of the topology: where the clients (load agents) run. */
    public List<String> clientHosts() {
        List<String> busy = new ArrayList<>();
        services.forEach(s -> busy.add(s.host()));
        List<String> clients = addresses.keySet().stream().filter(h -> !busy.contains(h) && h.startsWith("client")).toList();
        if (clients.isEmpty()) {
            throw new IllegalStateException("topology " + topology + " has no client host (a host named client* without services)");
        }
        return clients;
    }

    /** How a load agent JVM is started on {@code host}: the testbed's exec, then this JVM's java and class path. */
    public MultiProcessDriver.AgentLauncher agentLauncher(String host, String... jvmArgs) {
        address(host);
        List<String> c = new ArrayList<>(exec);
        c.add(host);
        c.addAll(MultiProcessDriver.AgentLauncher.local(jvmArgs).command());
        return new MultiProcessDriver.AgentLauncher(c);
    }

    /** What a report says about where its numbers come from. */
    public String label() {
        return String.format(Locale.ROOT, "testbed topology %s: %d hosts as network namespaces on this one machine (%d cores shared by all of them;"
                + " testbed/README.md), clients on %s", topology, addresses.size(), Runtime.getRuntime().availableProcessors(),
                String.join(", ", clientHosts()));
    }
}
