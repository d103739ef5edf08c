package org.gridstack.bench.seed001;

/** The three designs seed 001 compared, with the component each set measures. Immutable. */
public enum Design {
    MDS2("MDS2", "GRIS", "GIIS", "GRIS", "GIIS"),
    RGMA("R-GMA", "ProducerServlet", "Registry", "ProducerServlet", "archiver (compound producer-consumer)"),
    HAWKEYE("Hawkeye", "agent", "manager", "agent", "manager");

    private final String label;
    private final String[] components;

    Design(String label, String... components) {
        this.label = label;
        this.components = components.clone();
    }

    public String label() {
        return label;
    }

    /** The component set {@code set} measures in this design. */
    public String component(SeedSet set) {
        return components[set.ordinal()];
    }
}
