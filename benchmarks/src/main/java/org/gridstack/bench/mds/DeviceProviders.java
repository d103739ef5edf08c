package org.gridstack.bench.mds;

import static java.util.Objects.requireNonNull;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.RDN;
import com.unboundid.util.StaticUtils;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gridstack.mds.provider.ExternalProgramProvider;
import org.gridstack.mds.provider.InProcessProvider;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProcessRunner;
import org.gridstack.mds.provider.ProviderSettings;

/**
 * The information providers of seed 001's GRISes, after MDS2's packaged ones: a "memory" IP
 * (one {@code MdsMemoryRam} entry: RAM and swap from {@code /proc/meminfo}) and "cpu" IPs (one
 * {@code MdsCpu} entry each: load averages from {@code /proc/loadavg}), every entry directly below
 * the GRIS's suffix as {@code Mds-Device-Group-name=<name>,<suffix>} with the class
 * {@code MdsDevice}. Every run reads {@code /proc} again, so an uncached GRIS really collects.
 *
 * <p>Two implementations of the same entries: {@link Kind#SCRIPT}, a shell script run as a
 * process per collection (what MDS2's IPs were: the GRIS forks a program that prints LDIF;
 * written once into a folder by {@link #writeScript}), and {@link Kind#JAVA}, an in-process
 * provider (no fork; for runs with hundreds of GRISes, where forking would only measure the
 * machine's process table). Both have MDS2's memory cachetime (60 s) and timelimit 20 s.
 * Stateless apart from the script folder; thread-safe.
 */
public final class DeviceProviders {
    /** How a provider collects (public: it is part of the benchmark's configuration). */
    public enum Kind {
        JAVA, SCRIPT;

        static Kind parse(String text) {
            try {
                return valueOf(text.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("provider kind '" + text + "' is not one of java, script");
            }
        }

        String option() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The filter of the seed's "memory information" query: only the memory IPs' entries. */
    static final String MEMORY_FILTER = "(objectClass=MdsMemoryRam)";
    /** The filter of "all the data": every IP's entry (the made-up suffix entries have no MdsDevice). */
    static final String ALL_FILTER = "(objectClass=MdsDevice)";
    static final String SCRIPT_NAME = "mds-device-ip.sh";

    /** MDS2's IP as a shell script: KIND NAME SUFFIX on the command line, LDIF on stdout. */
    static final String SCRIPT = """
            #!/bin/sh
            # An MDS2-style information provider for the seed 001 benchmark: one device entry, fresh from /proc.
            kind=$1 name=$2 suffix=$3
            echo "dn: Mds-Device-Group-name=$name,$suffix"
            echo "objectClass: MdsDevice"
            echo "Mds-Device-Group-name: $name"
            case "$kind" in
            memory)
              echo "objectClass: MdsMemoryRam"
              awk '/^MemTotal:/ {printf "Mds-Memory-Ram-Total-sizeMB: %d\\n", $2 / 1024}
                   /^MemAvailable:/ {printf "Mds-Memory-Ram-freeMB: %d\\n", $2 / 1024}
                   /^SwapTotal:/ {printf "Mds-Memory-Vm-Total-sizeMB: %d\\n", $2 / 1024}
                   /^SwapFree:/ {printf "Mds-Memory-Vm-freeMB: %d\\n", $2 / 1024}' /proc/meminfo ;;
            *)
              echo "objectClass: MdsCpu"
              awk '{printf "Mds-Cpu-Free-1minX100: %d\\n", $1 * 100; printf "Mds-Cpu-Free-5minX100: %d\\n", $2 * 100
                    printf "Mds-Cpu-Free-15minX100: %d\\n", $3 * 100}' /proc/loadavg ;;
            esac
            echo "Mds-validfrom: $(date -u +%Y%m%d%H%M%SZ)"
            """;

    private DeviceProviders() {
    }

    /** Writes {@link #SCRIPT} as an executable file into {@code dir} and returns its path. */
    static Path writeScript(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path script = dir.resolve(SCRIPT_NAME);
        Files.writeString(script, SCRIPT, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    /**
     * The providers of one GRIS: {@code memory} memory IPs ({@code memory-0}, ...) then
     * {@code cpu} cpu IPs ({@code cpu-0}, ...), all below {@code suffix}.
     *
     * @param script the script of {@link #writeScript} (used when {@code kind} is {@link Kind#SCRIPT})
     */
    static List<InformationProvider> of(Kind kind, DN suffix, int memory, int cpu, Path script, ProcessRunner runner) {
        requireNonNull(kind, "kind is null");
        requireNonNull(suffix, "suffix is null");
        if (kind == Kind.SCRIPT) {
            requireNonNull(script, "script is null");
            requireNonNull(runner, "runner is null");
        }
        List<InformationProvider> out = new ArrayList<>(memory + cpu);
        for (int i = 0; i < memory + cpu; i++) {
            boolean isMemory = i < memory;
            String name = isMemory ? "memory-" + i : "cpu-" + (i - memory);
            ProviderSettings settings = ProviderSettings.of(name);
            out.add(kind == Kind.SCRIPT
                    ? new ExternalProgramProvider(settings, script, List.of(isMemory ? "memory" : "cpu", name, suffix.toString()), runner)
                    : new InProcessProvider(settings, () -> List.of(isMemory ? memoryEntry(name, suffix) : cpuEntry(name, suffix))));
        }
        return List.copyOf(out);
    }

    static Entry memoryEntry(String name, DN suffix) throws IOException {
        Entry e = device(name, suffix, "MdsMemoryRam");
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"), StandardCharsets.US_ASCII)) {
            String[] f = line.split("\\s+");
            if (f.length < 2) {
                continue;
            }
            String attribute = switch (f[0]) {
                case "MemTotal:" -> "Mds-Memory-Ram-Total-sizeMB";
                case "MemAvailable:" -> "Mds-Memory-Ram-freeMB";
                case "SwapTotal:" -> "Mds-Memory-Vm-Total-sizeMB";
                case "SwapFree:" -> "Mds-Memory-Vm-freeMB";
                default -> null;
            };
            if (attribute != null) {
                e.addAttribute(attribute, String.valueOf(Long.parseLong(f[1]) / 1024));
            }
        }
        e.addAttribute("Mds-validfrom", StaticUtils.encodeGeneralizedTime(System.currentTimeMillis()));
        return e;
    }

    static Entry cpuEntry(String name, DN suffix) throws IOException {
        Entry e = device(name, suffix, "MdsCpu");
        String[] f = Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).strip().split("\\s+");
        e.addAttribute("Mds-Cpu-Free-1minX100", String.valueOf((long) (Double.parseDouble(f[0]) * 100)));
        e.addAttribute("Mds-Cpu-Free-5minX100", String.valueOf((long) (Double.parseDouble(f[1]) * 100)));
        e.addAttribute("Mds-Cpu-Free-15minX100", String.valueOf((long) (Double.parseDouble(f[2]) * 100)));
        e.addAttribute("Mds-validfrom", StaticUtils.encodeGeneralizedTime(System.currentTimeMillis()));
        return e;
    }

    private static Entry device(String name, DN suffix, String objectClass) {
        Entry e = new Entry(new DN(new RDN("Mds-Device-Group-name", name), suffix));
        e.addAttribute("objectClass", "MdsDevice", objectClass);
        e.addAttribute("Mds-Device-Group-name", name);
        return e;
    }
}
