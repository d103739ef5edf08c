package org.gridstack.grim.store.ldap;

import static java.util.Objects.requireNonNull;
import static org.gridstack.grim.store.ldap.LdapCollections.*;

import com.google.errorprone.annotations.Immutable;
import java.util.List;

import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.OperationParameters;

/**
 * The read operations of docs/operations.md as LDAP searches, in both modes (docs/backend-ldap.md
 * lists the requests of each): hands each operation to the searches of its GLUE entity group
 * ({@link HostSearches}, {@link StorageElementSearches}, {@link ConnectionSearches},
 * {@link RelationSearches}, {@link JobSubmitSearches}, {@link LookupSearches}). LDAP filters
 * cannot join, so every mode joins in Java; FAITHFUL issues one search per collection step (as an
 * MDS2 client would: it looks scope entries up by their ID instead of knowing the DIT), BEST the
 * fewest searches: DNs built from IDs, OR filters over several object classes, and relations read
 * from the DIT (an entry's parent DN names the object its nesting reference points to). GLUE's
 * IA5 attributes match case-insensitively, so every equality the answer depends on is checked
 * again exactly in Java (SQL compares exactly). All read the model through one
 * {@link GlueLdapMapping}. Immutable and thread-safe.
 */
@Immutable
final class LdapReadOperations {
    private final HostSearches hosts;
    private final StorageElementSearches storageElements;
    private final ConnectionSearches connections;
    private final RelationSearches relations;
    private final JobSubmitSearches jobSubmits;
    private final LookupSearches lookups;

    LdapReadOperations(GlueLdapMapping glue) {
        requireNonNull(glue, "glue is null");
        OperatingSystemSearch operatingSystems = new OperatingSystemSearch(glue);
        this.hosts = new HostSearches(glue, operatingSystems);
        this.storageElements = new StorageElementSearches(glue);
        this.connections = new ConnectionSearches(glue);
        this.relations = new RelationSearches(glue);
        this.jobSubmits = new JobSubmitSearches(glue, operatingSystems);
        this.lookups = new LookupSearches(glue);
    }

    /** The answer rows of a read operation (not connect/update), searching through {@code s}. */
    List<List<Object>> run(LdapSession s, OperationParameters p, Mode mode) {
        boolean best = mode == Mode.BEST;
        Operation op = p.operation();
        return switch (op) {
            case SCOPED_HOSTS -> hosts.scopedHosts(s, best, p.text("cluster"), p.text("release"));
            case NON_SCOPED_HOSTS -> hosts.nonScopedHosts(s, best, p.text("cluster"), p.text("release"));
            case SCOPED -> storageElements.scoped(s, best, p.text("site"), p.text("name"));
            case NON_SCOPED -> storageElements.nonScoped(s, p.text("site"), p.text("name"));
            case INDEXED -> hosts.hostDetails(s, best, "host_id", p.text("host"));
            case NON_INDEXED -> hosts.hostDetails(s, best, "host_name", p.text("hostName"));
            case SELECTIVITY_1 -> connections.sequenceRange(s, p.integer("sequence"), p.integer("sequence"));
            case SELECTIVITY_1_PCT, SELECTIVITY_10_PCT -> connections.sequenceRange(s, p.integer("from"), p.integer("to"));
            case MANY_RELATIONS -> best ? relations.manyRelationsBest(s, p.text("host")) : relations.manyRelationsFaithful(s, p.text("host"));
            case JOB_SUBMIT -> best ? jobSubmits.jobSubmitBest(s, p.text("cluster"), p.text("user"), p.text("binary"), p.text("os"))
                    : jobSubmits.jobSubmitFaithful(s, p.text("cluster"), p.text("user"), p.text("binary"), p.text("os"));
            case NETWORK_HOP -> connections.networkHop(s, best, p.text("endpoint"));
            case SOFTWARE_LOOKUP -> lookups.select(s, SOFTWARE_PACKAGES, "module_name", p.text("moduleName"), "software_id", "name", "version");
            case HOST_LOOKUP -> lookups.select(s, HOSTS, "host_id", p.text("host"), "host_id", "host_name", "load_last_1min");
            case STORAGE_LOOKUP -> lookups.select(s, STORAGE_ELEMENTS, "control_host", p.text("controlHost"), "se_id", "name", "control_host");
            case CONNECT, UPDATE -> throw new IllegalArgumentException(op.label() + " is not a search");
        };
    }
}
