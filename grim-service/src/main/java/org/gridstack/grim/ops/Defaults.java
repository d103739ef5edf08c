package org.gridstack.grim.ops;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parameter values used when a request leaves them out. The generator creates these objects
 * first, with these exact values, so they exist at every scale factor; only the selectivity
 * ranges follow the number of connections (1 % and 10 % of them).
 */
public final class Defaults {
    public static final String CLUSTER = "cluster-001";
    /** Operating-system release of the default cluster's first subcluster (os-01). */
    public static final String OS_RELEASE = "SL-3.0.5";
    public static final String OS_NAME = "Linux";
    public static final String SITE = "site-01";
    /** No storage element has this name: #3 and #4 return the empty set by default, as the seed's baseline. */
    public static final String SE_NAME = "se.absent.example.org";
    public static final String HOST = "host-000001";
    public static final String HOST_NAME = "wn000001.site-01.grid.example.org";
    public static final String ENDPOINT = "host-000001-eth0";
    public static final String USER = "user-001";
    public static final String BINARY = "cmsRun-0001";
    public static final String MODULE_NAME = "VO-atlas-offline-0001";
    public static final String CONTROL_HOST = "srm.se-001.example.org";
    public static final long SEQUENCE = 1;
    public static final long UPDATE_VALUE = 42;

    private Defaults() {
    }

    /** Default parameters of {@code op} for a database holding {@code connections} connections. */
    public static Map<String, Object> of(Operation op, long connections) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (op) {
            case SCOPED_HOSTS, NON_SCOPED_HOSTS -> {
                m.put("cluster", CLUSTER);
                m.put("release", OS_RELEASE);
            }
            case SCOPED, NON_SCOPED -> {
                m.put("site", SITE);
                m.put("name", SE_NAME);
            }
            case INDEXED, MANY_RELATIONS, HOST_LOOKUP -> m.put("host", HOST);
            case NON_INDEXED -> m.put("hostName", HOST_NAME);
            case SELECTIVITY_1 -> m.put("sequence", SEQUENCE);
            case SELECTIVITY_1_PCT -> {
                m.put("from", 1L);
                m.put("to", Math.max(1L, Math.round(connections / 100.0)));
            }
            case SELECTIVITY_10_PCT -> {
                m.put("from", 1L);
                m.put("to", Math.max(1L, Math.round(connections / 10.0)));
            }
            case JOB_SUBMIT -> {
                m.put("cluster", CLUSTER);
                m.put("user", USER);
                m.put("binary", BINARY);
                m.put("os", OS_NAME);
            }
            case NETWORK_HOP -> m.put("endpoint", ENDPOINT);
            case CONNECT -> {
            }
            case UPDATE -> {
                m.put("host", HOST);
                m.put("value", UPDATE_VALUE);
            }
            case SOFTWARE_LOOKUP -> m.put("moduleName", MODULE_NAME);
            case STORAGE_LOOKUP -> m.put("controlHost", CONTROL_HOST);
            default -> throw new AssertionError(op);
        }
        return m;
    }
}
