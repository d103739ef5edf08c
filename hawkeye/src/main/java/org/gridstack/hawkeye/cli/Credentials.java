package org.gridstack.hawkeye.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.Set;

/** Reads agent credentials (one token a line, # comments) and makes new ones. Stateless. */
final class Credentials {
    private Credentials() {
    }

    static Set<String> read(Path file) throws IOException {
        Set<String> out = new LinkedHashSet<>();
        for (String line : Files.readAllLines(file)) {
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                out.add(t);
            }
        }
        if (out.isEmpty()) {
            throw new IOException(file + " holds no credential");
        }
        return out;
    }

    static String random() {
        byte[] b = new byte[24];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
