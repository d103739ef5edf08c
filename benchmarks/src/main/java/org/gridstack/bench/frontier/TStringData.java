package org.gridstack.bench.frontier;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The rows of the golden vectors' {@code T_STRING} table, computed in Java the way
 * the golden {@code schema.sql} ({@code org.gridstack.testing.FrontierGoldenVectors}) computes them in
 * SQL: row {@code i} (1..10000) is the first 100 characters of the Base64 text of
 * {@code md5('a'||i) || md5('b'||i) || ... md5('e'||i)} (five digests, 80 bytes). The expected
 * answers of the benchmarks and the input of the encoding benchmark.
 */
public final class TStringData {
    public static final int ROWS = 10_000;
    public static final int LENGTH = 100;

    private TStringData() {
    }

    /** All rows, in insertion order. */
    public static List<String> rows() {
        MessageDigest md5 = md5();
        List<String> rows = new ArrayList<>(ROWS);
        byte[] digests = new byte[80];
        for (int i = 1; i <= ROWS; i++) {
            int at = 0;
            for (char prefix = 'a'; prefix <= 'e'; prefix++) {
                byte[] d = md5.digest((prefix + Integer.toString(i)).getBytes(StandardCharsets.US_ASCII));
                System.arraycopy(d, 0, digests, at, d.length);
                at += d.length;
            }
            rows.add(Base64.getEncoder().encodeToString(digests).substring(0, LENGTH));
        }
        return rows;
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no MD5", e);
        }
    }
}
