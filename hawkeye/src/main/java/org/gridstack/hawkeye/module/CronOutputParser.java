package org.gridstack.hawkeye.module;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdParser;
import org.gridstack.hawkeye.classad.ClassAdSyntaxException;

/**
 * Reads what an HTCondor startd cron job prints: {@code Attr = value} lines (old ClassAd form),
 * one ad per block, blocks separated by a line starting with {@code -} (the rest of that line,
 * e.g. HTCondor's slot name or update flag, is ignored); blank lines and {@code #} comments are
 * skipped. Any other line makes the whole output invalid, with its line and column. Thread-safe.
 */
@ThreadSafe
public final class CronOutputParser {
    private final ClassAdParser parser;

    public CronOutputParser(ClassAdParser parser) {
        this.parser = Objects.requireNonNull(parser, "parser is null");
    }

    /** The ads in {@code output}, in order; empty blocks are dropped. */
    public List<ClassAd> parse(String output) {
        List<ClassAd> ads = new ArrayList<>();
        ClassAd.Builder current = ClassAd.builder();
        String[] lines = output.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            if (trimmed.startsWith("-")) {
                if (current.size() > 0) {
                    ads.add(current.build());
                }
                current = ClassAd.builder();
                continue;
            }
            if (trimmed.indexOf('=') < 0) {
                throw new ClassAdSyntaxException(i + 1, 1, "expected 'Attribute = value', got '" + abbreviate(trimmed) + "'");
            }
            ClassAd.Attribute a = parser.parseOldLine(line, i);
            current.put(a.name(), a.expr());
        }
        if (current.size() > 0) {
            ads.add(current.build());
        }
        return ads;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
