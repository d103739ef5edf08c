package org.gridstack.bench.mds;

/**
 * Seed 001's published MDS2 figures (Zhang, Freschl, Schopf: "A performance study of monitoring
 * and information services for distributed systems", MDS 2.4 on the Lucky testbed at ANL: dual
 * 1133 MHz PIII servers with 512 MB RAM; users on 20 client hosts at UChicago, 100 Mbps LANs,
 * 55 Mbit/s and 2.3 ms between the sites; every user opens a connection per query and waits 1 s
 * between queries; values averaged over 10 minutes), copied from its text so the report can set
 * ours beside them. Its curves (Figures 6-29) are not in the text; only what it states in words
 * and numbers is here. Immutable.
 */
final class Seed001Reference {
    static final String SOURCE = "seed 001 (Zhang, Freschl, Schopf: MDS2 vs R-GMA vs Hawkeye), sections 3.1-3.7 and 4";

    /** Section 3.1: "after a user queries ... and receives a response, the user waits one second before sending its next query". */
    static final long THINK_MILLIS = 1_000;
    /** Section 3.1: "we simulated up to 600 users". */
    static final int MAX_USERS = 600;
    /** Sections 3.5.1 and 3.6.1: 10 users query in the IP and GRIS-count experiments. */
    static final int FIXED_USERS = 10;
    /** Section 3.5.2 (Experiment 3): a cached GRIS with 90 IPs "can still achieve a throughput of 8 queries per second with a CORT of less than 0.1 second". */
    static final double CACHED_GRIS_90_IPS_QUERIES_PER_SECOND = 8;
    static final double CACHED_GRIS_90_IPS_CORT_MILLIS_BELOW = 100;
    /** Section 3.5.2: uncached, "over 90% of the CORT is spent on the server side performing a request for data from the Information Providers". */
    static final double UNCACHED_INVOKE_IP_SHARE_ABOVE = 0.90;
    /** Section 3.3.2 (Experiment 1) and 3.4.2 (Experiment 2): cached GRIS and GIIS spend most of the CORT in the client's connect step. */
    static final String CACHED_DOMINANT_STEP = "connect";
    /** Section 3.3.2: R-GMA's ProducerServlet peaked at 12 queries/s with 100 consumers (the other systems' peaks are only drawn). */
    static final double RGMA_PRODUCER_SERVLET_PEAK_QUERIES_PER_SECOND = 12;
    /** Section 4: "no more than 100 users ... query [a GRIS] at a time" (Figures 6, 7 and 12). */
    static final int RECOMMENDED_MAX_USERS_PER_GRIS = 100;
    /** Section 4: "A GRIS should manage less than 55 Information Providers" (load over 3 at 20 IPs uncached, 90 cached). */
    static final int RECOMMENDED_MAX_IPS_PER_GRIS = 55;
    /** Section 4: "Fewer than 50 GRISes should register to a GIIS" (Figure 24). */
    static final int RECOMMENDED_MAX_GRISES_PER_GIIS = 50;
    /** Sections 3.3.1, 3.5.1, 3.6.1: answer sizes. */
    static final String ANSWER_SIZES = "set 1: < 10 KB (10 IPs, all data); set 3: 10-100 KB (10-90 IPs, memory); set 4: 10 KB-6 MB"
            + " (all data) and 1-600 KB (memory) for up to 600 GRISes";

    private Seed001Reference() {
    }
}
