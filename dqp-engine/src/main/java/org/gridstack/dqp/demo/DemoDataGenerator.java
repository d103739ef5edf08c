package org.gridstack.dqp.demo;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.apache.calcite.avatica.util.ByteString;

/**
 * Generates the demo tables deterministically: the same rows, in the same order, on every run and
 * machine (a fixed-seed {@link SplittableRandom}; no clock, no locale).
 *
 * <p>Shape, from seed 003: {@code protein_goterm} has {@value #PROTEIN_GOTERM_ROWS} rows averaging
 * about 24 bytes (ORF names of yeast, Arabidopsis and human proteins, GO identifiers of 10
 * characters); {@code protein_interaction} has {@value #PROTEIN_INTERACTION_ROWS} rows averaging
 * about 47 bytes (the seed's six columns plus {@code orf}; yeast ORFs). Row width here means the
 * bytes PostgreSQL stores for the values ({@code pg_column_size}: a 1-byte header plus the UTF-8
 * bytes of a short text, 4 per integer); 47 B is the width of the seed's six columns.
 * {@code protein_sequences} holds one sequence of 150 to 1,000 residues per ORF, so that
 * {@code calculateEntropy} has real work; {@code goterms} holds every GO term that
 * {@code protein_goterm} refers to. About {@value #YEAST_ORFS_PER_ARM_NUMBERS} ORFs per chromosome
 * arm, so {@code orf like 'YCL0%'} selects 99 yeast proteins, as in the seed's entropy query.
 *
 * <p>Immutable after construction; thread-safe.
 */
@ThreadSafe
public final class DemoDataGenerator {
    /** Rows of {@code protein_goterm} in the seed. */
    public static final int PROTEIN_GOTERM_ROWS = 16_803;
    /** Rows of {@code protein_interaction} in the seed. */
    public static final int PROTEIN_INTERACTION_ROWS = 4_716;
    /** Numbered ORFs per yeast chromosome arm (001..125). */
    public static final int YEAST_ORFS_PER_ARM_NUMBERS = 125;
    static final int GO_TERMS = 2_000;
    private static final long SEED = 20_050_301L;
    private static final String AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWY";
    // background frequencies of the 20 amino acids (percent, UniProt), so entropies look real
    private static final double[] AMINO_FREQUENCIES = {8.3, 1.4, 5.5, 6.7, 3.9, 7.1, 2.3, 5.9, 5.8, 9.7,
        2.4, 4.1, 4.7, 3.9, 5.5, 6.6, 5.3, 6.9, 1.1, 2.9};
    private static final String[] INTERACTION_TYPES = {"two-hybrid", "affinity capture", "synthetic lethal",
        "co-crystal"};
    private static final String[] EXPERIMENTERS = {"Uetz P", "Ito T", "Gavin AC", "Ho Y", "Tong AH", "Krogan NJ"};
    private static final String[] NAMESPACES = {"biological_process", "molecular_function", "cellular_component"};
    private static final String[] TERM_WORDS = {"protein", "binding", "transport", "complex", "activity",
        "regulation", "mitochondrial", "nuclear", "membrane", "kinase", "ribosome", "assembly", "DNA", "repair"};

    @SuppressWarnings("ThreadSafe") // filled by the constructor, only read afterwards (handed out as unmodifiable views)
    private final Map<DemoTable, List<Object[]>> rows = new EnumMap<>(DemoTable.class);

    /** Generates every table (about 0.3 s, 6 MB). */
    public DemoDataGenerator() {
        SplittableRandom random = new SplittableRandom(SEED);
        List<String> yeast = yeastOrfs(random.split());
        List<String> others = otherOrfs(random.split());
        List<String> goIds = goIds(random.split());
        rows.put(DemoTable.GOTERMS, goterms(random.split(), goIds));
        rows.put(DemoTable.PROTEIN_GOTERM, proteinGoterm(random.split(), yeast, others, goIds));
        rows.put(DemoTable.PROTEIN_INTERACTION, proteinInteraction(random.split(), yeast));
        List<String> all = new ArrayList<>(yeast);
        all.addAll(others);
        rows.put(DemoTable.PROTEIN_SEQUENCES, proteinSequences(random.split(), all));
        rows.put(DemoTable.MEASUREMENTS, measurements(random.split(), yeast));
        rows.put(DemoTable.ANNOTATIONS, annotations(random.split(), yeast));
    }

    /** The rows of {@code table}, in load order; each row's values follow the table's columns. */
    public List<Object[]> rows(DemoTable table) {
        return Collections.unmodifiableList(rows.get(table));
    }

    private static List<String> yeastOrfs(SplittableRandom random) {
        List<String> orfs = new ArrayList<>();
        for (char chromosome = 'A'; chromosome <= 'P'; chromosome++) {
            for (char arm : new char[] {'L', 'R'}) {
                for (int n = 1; n <= YEAST_ORFS_PER_ARM_NUMBERS; n++) {
                    orfs.add(String.format("Y%c%c%03d%c", chromosome, arm, n, random.nextBoolean() ? 'W' : 'C'));
                }
            }
        }
        return orfs;
    }

    private static List<String> otherOrfs(SplittableRandom random) {
        List<String> orfs = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            orfs.add(String.format("AT%dG%05d.%d", 1 + random.nextInt(5), 10 + i * 10, 1 + random.nextInt(3)));
        }
        for (int i = 0; i < 2_000; i++) {
            orfs.add(String.format("ENSP%011d", 200_000 + i * 37L));
        }
        return orfs;
    }

    private static List<String> goIds(SplittableRandom random) {
        List<String> ids = new ArrayList<>();
        int next = 3;
        for (int i = 0; i < GO_TERMS; i++) {
            // seven in ten are classic GO:00xxxxx terms; the rest newer GO:19xxxxx/GO:20xxxxx
            if (i % 10 < 7) {
                next += 1 + random.nextInt(40);
                ids.add(String.format("GO:%07d", next));
            } else {
                ids.add(String.format("GO:%07d", (i % 2 == 0 ? 1_900_000 : 2_000_000) + i));
            }
        }
        return ids;
    }

    private static List<Object[]> goterms(SplittableRandom random, List<String> goIds) {
        List<Object[]> out = new ArrayList<>(goIds.size());
        for (String id : goIds) {
            String name = TERM_WORDS[random.nextInt(TERM_WORDS.length)] + " " + TERM_WORDS[random.nextInt(TERM_WORDS.length)];
            String namespace = NAMESPACES[random.nextInt(NAMESPACES.length)];
            boolean obsolete = random.nextInt(20) == 0;
            String definition = random.nextInt(4) == 0 ? null : "The " + name + " of a cell, as annotated for " + id + ".";
            out.add(new Object[] {id, name, namespace, obsolete, definition});
        }
        return out;
    }

    private static List<Object[]> proteinGoterm(SplittableRandom random, List<String> yeast, List<String> others,
            List<String> goIds) {
        List<Object[]> out = new ArrayList<>(PROTEIN_GOTERM_ROWS);
        for (int i = 0; i < PROTEIN_GOTERM_ROWS; i++) {
            // 30 % yeast ORFs (7 characters), 70 % longer Arabidopsis and human identifiers: 24 B/row
            String orf = random.nextInt(10) < 3 ? yeast.get(random.nextInt(yeast.size()))
                    : others.get(random.nextInt(others.size()));
            out.add(new Object[] {orf, goIds.get(random.nextInt(goIds.size()))});
        }
        return out;
    }

    private static List<Object[]> proteinInteraction(SplittableRandom random, List<String> yeast) {
        List<Object[]> out = new ArrayList<>(PROTEIN_INTERACTION_ROWS);
        for (int i = 0; i < PROTEIN_INTERACTION_ROWS; i++) {
            String orf1 = yeast.get(random.nextInt(yeast.size()));
            String orf2 = yeast.get(random.nextInt(yeast.size()));
            String bait = random.nextBoolean() ? orf1 : orf2;
            String type = INTERACTION_TYPES[random.nextInt(INTERACTION_TYPES.length)];
            int repeats = 1 + random.nextInt(5);
            String experimenter = random.nextInt(50) == 0 ? null : EXPERIMENTERS[random.nextInt(EXPERIMENTERS.length)];
            out.add(new Object[] {orf1, orf1, orf2, bait, type, repeats, experimenter});
        }
        return out;
    }

    private static List<Object[]> proteinSequences(SplittableRandom random, List<String> orfs) {
        double[] cumulative = new double[AMINO_FREQUENCIES.length];
        double sum = 0;
        for (int i = 0; i < AMINO_FREQUENCIES.length; i++) {
            sum += AMINO_FREQUENCIES[i];
            cumulative[i] = sum;
        }
        List<Object[]> out = new ArrayList<>(orfs.size());
        StringBuilder sequence = new StringBuilder(1_000);
        for (String orf : orfs) {
            int length = 150 + random.nextInt(851);
            sequence.setLength(0);
            sequence.append('M');
            for (int i = 1; i < length; i++) {
                double u = random.nextDouble() * sum;
                int k = 0;
                while (cumulative[k] < u) {
                    k++;
                }
                sequence.append(AMINO_ACIDS.charAt(k));
            }
            double weight = Math.round(length * 110.0 * (0.9 + random.nextDouble() * 0.2) * 100) / 100.0;
            boolean membrane = random.nextInt(4) == 0;
            String description = random.nextInt(5) == 0 ? null : "hypothetical protein " + orf;
            out.add(new Object[] {orf, sequence.toString(), length, weight, membrane, description});
        }
        return out;
    }

    /** Rows of {@code measurements}. */
    static final int MEASUREMENT_ROWS = 300;

    private static List<Object[]> measurements(SplittableRandom random, List<String> yeast) {
        List<Object[]> out = new ArrayList<>(MEASUREMENT_ROWS);
        LocalDateTime start = LocalDateTime.of(2024, 1, 1, 0, 0);
        for (int i = 0; i < MEASUREMENT_ROWS; i++) {
            String orf = yeast.get(random.nextInt(yeast.size()));
            Short replicate = random.nextInt(10) == 0 ? null : (short) (random.nextInt(7) - 1);
            Long total = random.nextInt(10) == 0 ? null : random.nextLong(-3_000_000_000L, 9_000_000_000_000L);
            // quarters, so real values are exact in binary and print the same in Java and PostgreSQL
            Float ratio = random.nextInt(10) == 0 ? null : (random.nextInt(4001) - 2000) / 4.0f;
            BigDecimal concentration = random.nextInt(10) == 0 ? null
                    : BigDecimal.valueOf(random.nextLong(-500_000, 5_000_000), 3);
            LocalDateTime taken = start.plusSeconds(random.nextLong(0, 3L * 365 * 86_400));
            LocalDate day = random.nextInt(10) == 0 ? null : taken.toLocalDate();
            LocalTime time = random.nextInt(10) == 0 ? null : taken.toLocalTime();
            LocalDateTime takenAt = random.nextInt(10) == 0 ? null : taken;
            OffsetDateTime logged = random.nextInt(10) == 0 ? null
                    : taken.plusNanos(random.nextLong(0, 86_400_000_000L) * 1_000).atOffset(ZoneOffset.UTC);
            ByteString raw = null;
            if (random.nextInt(10) != 0) {
                byte[] bytes = new byte[random.nextInt(6)];
                for (int b = 0; b < bytes.length; b++) {
                    bytes[b] = (byte) random.nextInt(256);
                }
                raw = new ByteString(bytes);
            }
            out.add(new Object[] {i + 1, orf, replicate, total, ratio, concentration, day, time, takenAt, logged, raw});
        }
        return out;
    }

    private static List<Object[]> annotations(SplittableRandom random, List<String> yeast) {
        List<Object[]> out = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            out.add(new Object[] {i + 1, yeast.get(random.nextInt(yeast.size())), "{\"score\": " + random.nextInt(100) + "}"});
        }
        return out;
    }
}
