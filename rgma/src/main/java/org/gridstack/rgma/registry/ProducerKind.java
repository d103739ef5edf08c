package org.gridstack.rgma.registry;

/** What kind of producer a registration describes. */
public enum ProducerKind {
    /** Publishes tuples its owner inserts (R-GMA's primary producer; the seed's Latest/StreamProducer). */
    PRIMARY,
    /** Republishes what it consumes from primary producers (the archiver; the seed's compound producer-consumer). */
    SECONDARY,
    /** Answers from a live source at query time (an information provider). */
    ON_DEMAND
}
