package org.gridstack.bench.mds;

import java.util.List;
import org.gridstack.bench.kit.NamedOption;

/**
 * The servers one seed 002 run sets side by side, each answering the same index of N entries:
 * our GIIS in cached mode (MDS2's index, with one GRIS registered), our GIIS uncached (chained
 * mode over a GRIS whose cache is off: seed 002's "uncached" MDS2), our MDS4-style XML index over
 * HTTP (an XPath), and a real OpenLDAP slapd holding the same entries (what MDS2's GIIS was built
 * on, so the yardstick for "how fast can an LDAP index be on this machine"), and today's successor of
 * the MDS2 GIIS, a real BDII (Debian's bdii: bdii-update loading the entries into its own slapd,
 * configured as the package ships it). Immutable.
 */
public enum IndexServer implements NamedOption {
    GIIS_CACHED("giis", "our GIIS (cached)"),
    /** Seed 002's uncached MDS2: the GIIS in chained mode over a GRIS with its cache off, so every query reaches the provider. */
    GIIS_CHAINED("giis-chained", "our GIIS (chained, uncached)"),
    XML_INDEX("index", "our XML index (MDS4-style)"),
    SLAPD("slapd", "OpenLDAP slapd"),
    BDII("bdii", "BDII 6.0.0 (its slapd)");

    private final String option;
    private final String label;

    IndexServer(String option, String label) {
        this.option = option;
        this.label = label;
    }

    /** The name on the command line ({@code --servers=giis,index,slapd}). */
    @Override
    public String option() {
        return option;
    }

    /** The name in tables and charts. */
    public String label() {
        return label;
    }

    /** {@code all} or a comma-separated list of {@link #option()} names; each named once. */
    public static List<IndexServer> parseList(String text) {
        return NamedOption.parseList(IndexServer.class, text, "server", true).stream().distinct().toList();
    }
}
