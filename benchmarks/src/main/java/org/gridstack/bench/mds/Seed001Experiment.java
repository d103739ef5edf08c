package org.gridstack.bench.mds;

import java.util.List;
import org.gridstack.bench.kit.NamedOption;

/**
 * Seed 001's four MDS2 experiment sets, reduced to one machine: what varies (the x axis), who
 * answers, and which query. Immutable.
 */
public enum Seed001Experiment implements NamedOption {
    /** Set 1: one GRIS with 10 IPs, concurrent users varied, the GRIS always or never caching; query: all data. */
    GRIS_USERS("gris-users", "1. GRIS vs users", "users", "one GRIS with 10 IPs (1 memory, 9 cpu); every user asks for all its data"),
    /** Set 2: a GIIS (cachettl very large) with one GRIS registered, users varied; query: all data. */
    GIIS_USERS("giis-users", "2. GIIS vs users", "users",
            "a cached GIIS (cachettl 1 day) with one GRIS of 10 IPs registered; every user asks for all its data"),
    /** Set 3: one GRIS with 10..90 memory IPs, 10 users, cache always or never; query: the memory information. */
    GRIS_PROVIDERS("gris-providers", "3. GRIS vs number of IPs", "IPs",
            "one GRIS with N copies of the memory IP; the fixed users ask for the memory information of all of them"),
    /** Set 4: a cached GIIS with 50..600 GRISes registered, 10 users; queries: all data, memory only. */
    GIIS_GRISES("giis-grises", "4. GIIS vs registered GRISes", "GRISes",
            "a cached GIIS (cachettl 30 s) with N GRISes of 10 IPs each registered; the fixed users ask for all data or the memory part");

    private final String option;
    private final String title;
    private final String xLabel;
    private final String setUp;

    Seed001Experiment(String option, String title, String xLabel, String setUp) {
        this.option = option;
        this.title = title;
        this.xLabel = xLabel;
        this.setUp = setUp;
    }

    @Override
    public String option() {
        return option;
    }

    String title() {
        return title;
    }

    /** What the x axis counts. */
    String xLabel() {
        return xLabel;
    }

    String setUp() {
        return setUp;
    }

    /** {@code all} or a comma-separated list of {@link #option()} names; each named once. */
    static List<Seed001Experiment> parseList(String text) {
        return NamedOption.parseList(Seed001Experiment.class, text, "experiment", true).stream().distinct().toList();
    }
}
