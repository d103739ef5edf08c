package org.gridstack.mds.provider.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a small fixed {@code /proc} tree (two CPUs, 4 GiB, load 0.50/0.25/0.10, one ext4 root) for tests. */
public final class FakeProcTree {
    public static final String HOST = "ce01.example.org";

    private FakeProcTree() {
    }

    public static Path write(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("sys/kernel"));
        Files.writeString(dir.resolve("sys/kernel/hostname"), HOST + "\n");
        Files.writeString(dir.resolve("sys/kernel/ostype"), "Linux\n");
        Files.writeString(dir.resolve("sys/kernel/osrelease"), "6.1.0-test\n");
        Files.writeString(dir.resolve("sys/kernel/version"), "#1 SMP Debian 6.1.0\n");
        StringBuilder cpu = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            cpu.append("processor\t: ").append(i).append('\n')
                    .append("vendor_id\t: GenuineIntel\n")
                    .append("model name\t: Intel(R) Xeon(R) CPU 2.40GHz\n")
                    .append("cpu MHz\t\t: 2400.123\n")
                    .append("physical id\t: 0\n")
                    .append("cpu cores\t: 2\n\n");
        }
        Files.writeString(dir.resolve("cpuinfo"), cpu.toString());
        Files.writeString(dir.resolve("loadavg"), "0.50 0.25 0.10 1/100 1234\n");
        Files.writeString(dir.resolve("meminfo"), "MemTotal:        4194304 kB\nMemFree:         1048576 kB\n"
                + "MemAvailable:    2097152 kB\nSwapTotal:       1048576 kB\nSwapFree:         524288 kB\n");
        // the root is the real one so FileStore can size it; proc is not a local fs type and is skipped
        Files.writeString(dir.resolve("mounts"), "/dev/sda1 / ext4 rw,relatime 0 0\nproc /proc proc rw 0 0\n"
                + "/dev/sda1 /run/netns ext4 rw,relatime 0 0\n");
        return dir;
    }
}
