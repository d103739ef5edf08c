package org.gridstack.testing;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Dockerfile says, as far as the testbed checks need it: its instructions (continuation
 * lines joined, comments dropped), the COPY sources of its final stage that come from the build
 * context, its exposed ports, its final USER and its HEALTHCHECK. Immutable.
 */
record DockerfileModel(List<Instruction> instructions) {
    private static final Pattern PORT = Pattern.compile("(\\d+)(/tcp|/udp)?");

    /** One instruction: its keyword (upper case) and the rest of the line. */
    record Instruction(String keyword, String arguments) {
    }

    DockerfileModel {
        instructions = List.copyOf(requireNonNull(instructions, "instructions is null"));
    }

    static DockerfileModel parse(String text) {
        List<Instruction> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String raw : text.split("\n", -1)) {
            String line = raw.strip();
            if (current.isEmpty() && (line.isEmpty() || line.startsWith("#"))) {
                continue;
            }
            if (!current.isEmpty() && line.startsWith("#")) {
                continue; // a comment inside a continued instruction
            }
            if (line.endsWith("\\")) {
                current.append(line, 0, line.length() - 1).append(' ');
                continue;
            }
            current.append(line);
            String joined = current.toString().strip();
            current.setLength(0);
            if (joined.isEmpty()) {
                continue;
            }
            int space = joined.indexOf(' ');
            out.add(space < 0 ? new Instruction(joined.toUpperCase(Locale.ROOT), "")
                    : new Instruction(joined.substring(0, space).toUpperCase(Locale.ROOT), joined.substring(space + 1).strip()));
        }
        return new DockerfileModel(out);
    }

    /** The instructions after the last FROM (the image that runs). */
    List<Instruction> finalStage() {
        int last = -1;
        for (int i = 0; i < instructions.size(); i++) {
            if (instructions.get(i).keyword().equals("FROM")) {
                last = i;
            }
        }
        return last < 0 ? List.of() : instructions.subList(last, instructions.size());
    }

    /**
     * What each stage starts FROM that is neither an earlier stage ({@code FROM x AS name}) nor
     * {@code scratch}: images, or names of build contexts given to the build (compose's
     * {@code additional_contexts}).
     */
    List<String> externalBases() {
        List<String> bases = new ArrayList<>();
        Set<String> stages = new LinkedHashSet<>();
        for (Instruction i : instructions) {
            if (i.keyword().equals("FROM")) {
                String[] words = i.arguments().split("\\s+");
                String image = words[0];
                if (!stages.contains(image.toLowerCase(Locale.ROOT)) && !image.equals("scratch")) {
                    bases.add(image);
                }
                if (words.length >= 3 && words[words.length - 2].equalsIgnoreCase("AS")) {
                    stages.add(words[words.length - 1].toLowerCase(Locale.ROOT));
                }
            }
        }
        return bases;
    }

    /**
     * This Dockerfile with its final stage built on {@code base}'s final stage instead of on its
     * FROM (what Docker does when that FROM names a context holding {@code base}'s image): USER,
     * HEALTHCHECK and EXPOSE of the base hold unless this file sets its own.
     */
    DockerfileModel on(DockerfileModel base) {
        int last = -1;
        for (int i = 0; i < instructions.size(); i++) {
            if (instructions.get(i).keyword().equals("FROM")) {
                last = i;
            }
        }
        List<Instruction> out = new ArrayList<>(instructions.subList(0, Math.max(last, 0)));
        out.addAll(base.finalStage());
        out.addAll(instructions.subList(last + 1, instructions.size()));
        return new DockerfileModel(out);
    }

    /** The image the final stage starts from. */
    String baseImage() {
        List<Instruction> stage = finalStage();
        return stage.isEmpty() ? "" : stage.get(0).arguments().split("\\s+")[0];
    }

    /** The final USER, or "" when none (root). */
    String user() {
        String user = "";
        for (Instruction i : finalStage()) {
            if (i.keyword().equals("USER")) {
                user = i.arguments();
            }
        }
        return user;
    }

    /** The HEALTHCHECK's arguments ("NONE", "--interval=... CMD ..."), or null when there is none. */
    String healthcheck() {
        String check = null;
        for (Instruction i : finalStage()) {
            if (i.keyword().equals("HEALTHCHECK")) {
                check = i.arguments();
            }
        }
        return check;
    }

    /** Ports of every EXPOSE of the final stage. */
    Set<Integer> exposedPorts() {
        Set<Integer> ports = new LinkedHashSet<>();
        for (Instruction i : finalStage()) {
            if (i.keyword().equals("EXPOSE")) {
                for (String p : i.arguments().split("\\s+")) {
                    Matcher m = PORT.matcher(p);
                    if (m.matches()) {
                        ports.add(Integer.parseInt(m.group(1)));
                    }
                }
            }
        }
        return ports;
    }

    /** Paths COPY'd or ADD'ed from the build context, in every stage (sources taken from another stage left out). */
    List<String> contextSources() {
        List<String> sources = new ArrayList<>();
        for (Instruction i : instructions) {
            if (!i.keyword().equals("COPY") && !i.keyword().equals("ADD")) {
                continue;
            }
            List<String> words = new ArrayList<>(List.of(i.arguments().split("\\s+")));
            if (words.stream().anyMatch(w -> w.startsWith("--from="))) {
                continue;
            }
            words.removeIf(w -> w.startsWith("--"));
            if (words.size() >= 2) {
                sources.addAll(words.subList(0, words.size() - 1));
            }
        }
        return sources;
    }

    /** ENV and ARG keys of every stage. */
    List<String> environmentKeys() {
        List<String> keys = new ArrayList<>();
        Pattern key = Pattern.compile("(?:^|\\s)([A-Za-z_][A-Za-z0-9_]*)=");
        for (Instruction i : instructions) {
            if (i.keyword().equals("ENV") || i.keyword().equals("ARG")) {
                Matcher m = key.matcher(i.arguments());
                boolean any = false;
                while (m.find()) {
                    keys.add(m.group(1));
                    any = true;
                }
                if (!any) {
                    keys.add(i.arguments().split("\\s+")[0]);
                }
            }
        }
        return keys;
    }
}
