package org.gridstack.bench.seed001;

import java.util.List;
import java.util.Map;

/**
 * Seed 001's setups, figures and deployment recommendations for the three designs, per set, as its
 * text gives them (its curves are only drawn, so most figures are words), printed beside this run.
 * Constants only.
 */
final class ThreeWayReference {
    static final String SOURCE = "seed 001 (Zhang, Freschl, Schopf: MDS2 2.4, R-GMA 3.4.6 on MySQL 3.23, Hawkeye 1.0 RC5;"
            + " dual 1133 MHz PIII servers, users on 20 hosts, 1 s think time, 10-minute averages), sections 3.3-3.6 and 4";
    static final long THINK_MILLIS = 1_000;

    /** What the seed set up and found, per set and design. */
    static final Map<SeedSet, Map<Design, String>> SEED = Map.of(
            SeedSet.INFORMATION_SERVER_USERS, Map.of(
                    Design.MDS2, "GRIS with 10 IPs, all data (< 10 KB); cached scales well, most of the CORT is the client's connect;"
                            + " throughput and CORT suffer above 100 users",
                    Design.RGMA, "ProducerServlet with 10 latest producers handed to the consumers, all rows (< 2 KB); peak 12"
                            + " queries/s at 100 consumers",
                    Design.HAWKEYE, "agent with 10 modules, whole ad (~10 KB); scales well, cheapest processing of the three;"
                            + " single-threaded, a new connection per query"),
            SeedSet.DIRECTORY_USERS, Map.of(
                    Design.MDS2, "GIIS (cachettl very large) with 6 GRISes of 10 IPs (60 IPs), all data",
                    Design.RGMA, "registry with 60 producers, every consumer mediated; ~90 % of the CORT in"
                            + " RegistryServlet-ProcessQuery (behind its expiry DELETE); throughput drops at ~50 consumers",
                    Design.HAWKEYE, "manager with 6 agents x 10 modules, all ads (~60 KB); stable load, like the agent"),
            SeedSet.INFORMATION_SERVER_COLLECTORS, Map.of(
                    Design.MDS2, "GRIS with 10-90 memory IPs, 10 users, memory data (10-100 KB); cached, 90 IPs: 8 queries/s at"
                            + " CORT < 0.1 s; load over 3 at 20 IPs uncached",
                    Design.RGMA, "ProducerServlet with 10-90 latest producers, 10 consumers (20-180 KB); load over 3 at 30 producers",
                    Design.HAWKEYE, "agent with 10-90 memory modules, 10 users, whole ad; scales relatively well; crashed at 99"
                            + " modules"),
            SeedSet.AGGREGATE_SERVERS, Map.of(
                    Design.MDS2, "GIIS with 50-600 GRISes, 10 users, all data (10 KB-6 MB); poor throughput past 50 GRISes",
                    Design.RGMA, "archiver fed by 1-600 stream producers, 10 consumers (0.2-120 KB); very few stream producers"
                            + " per archiver",
                    Design.HAWKEYE, "manager with up to 600 simulated agents, 10 users, all ads (10 KB-6 MB); most of the CORT is"
                            + " receiving the answer; ~200 agents at most"));

    /**
     * A deployment recommendation: the set and design it rests on and the largest x (users,
     * collectors or information servers) it allows.
     */
    record Recommendation(Design design, SeedSet set, String text, int limit) {
    }

    static final List<Recommendation> RECOMMENDATIONS = List.of(
            new Recommendation(Design.MDS2, SeedSet.INFORMATION_SERVER_USERS, "no more than 100 users querying a GRIS at a time", 100),
            new Recommendation(Design.MDS2, SeedSet.DIRECTORY_USERS, "the 100-user limit was also seen on the GIIS (Figure 12)", 100),
            new Recommendation(Design.MDS2, SeedSet.INFORMATION_SERVER_COLLECTORS, "a GRIS should manage fewer than 55 IPs", 55),
            new Recommendation(Design.MDS2, SeedSet.AGGREGATE_SERVERS, "fewer than 50 GRISes should register to a GIIS", 50),
            new Recommendation(Design.RGMA, SeedSet.INFORMATION_SERVER_USERS,
                    "no more than 50 consumers querying a ProducerServlet at a time", 50),
            new Recommendation(Design.RGMA, SeedSet.DIRECTORY_USERS, "no more than about 50 consumers using a registry at a time", 50),
            new Recommendation(Design.RGMA, SeedSet.INFORMATION_SERVER_COLLECTORS,
                    "more ProducerServlets for many producers (load over 3 at 30 producers)", 30),
            new Recommendation(Design.RGMA, SeedSet.AGGREGATE_SERVERS,
                    "very few stream producers per compound producer-consumer (taken here as 10)", 10),
            new Recommendation(Design.HAWKEYE, SeedSet.INFORMATION_SERVER_USERS, "an agent supports up to 300 concurrent queries", 300),
            new Recommendation(Design.HAWKEYE, SeedSet.DIRECTORY_USERS, "a manager supports up to 300 concurrent queries", 300),
            new Recommendation(Design.HAWKEYE, SeedSet.INFORMATION_SERVER_COLLECTORS, "an agent supports 90 modules (crashed at 99)",
                    90),
            new Recommendation(Design.HAWKEYE, SeedSet.AGGREGATE_SERVERS, "at most about 200 agents per manager", 200));

    private ThreeWayReference() {
    }
}
