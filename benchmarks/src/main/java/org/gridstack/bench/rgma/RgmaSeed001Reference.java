package org.gridstack.bench.rgma;

import java.util.List;

/**
 * Seed 001's R-GMA figures and deployment recommendations (Zhang, Freschl, Schopf, section 3 and 4),
 * printed beside this run's numbers. Constants only.
 */
final class RgmaSeed001Reference {
    static final String SOURCE = "seed 001 (R-GMA 3.4.6 on MySQL 3.23, 1 s think time, 10-minute averages)";
    /** Set 1: the ProducerServlet's throughput peaks at about 12 queries/s, at 100 consumers. */
    static final double PRODUCER_SERVLET_PEAK_QUERIES_PER_SECOND = 12;
    static final int PRODUCER_SERVLET_PEAK_USERS = 100;
    /** Set 2: ~90 % of the registry's response time is RegistryServlet-ProcessQuery waiting behind the expiry DELETE. */
    static final double REGISTRY_PROCESS_SHARE = 0.90;

    /** A recommendation, the experiment it rests on, and the level at which to check it here. */
    record Recommendation(String text, Set set) {
    }

    /** Which set of this run checks a recommendation. */
    enum Set { USERS, REGISTRY, PRODUCERS, STREAMS }

    static final List<Recommendation> RECOMMENDATIONS = List.of(
            new Recommendation("no more than 50 consumers querying a ProducerServlet at a time", Set.USERS),
            new Recommendation("no more than about 50 consumers using a registry at a time", Set.REGISTRY),
            new Recommendation("more ProducerServlets for many producers (load over 3 at 30 producers)", Set.PRODUCERS),
            new Recommendation("very few stream producers per compound producer-consumer (archiver)", Set.STREAMS));

    private RgmaSeed001Reference() {
    }
}
