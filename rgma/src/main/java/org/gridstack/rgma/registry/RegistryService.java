package org.gridstack.rgma.registry;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.InetAddress;
import java.util.List;
import java.util.Set;

import org.gridstack.rgma.sql.Equalities;

/**
 * The directory of producers (R-GMA's Registry, the generic model's Directory Server), as the
 * producer and consumer services use it: in this process ({@link SoftStateRegistry}) or remote.
 * Thread-safe.
 */
@ThreadSafe
public interface RegistryService {
    /**
     * Records a producer until its termination interval passes without {@link #renew}.
     *
     * @param from the address the registration comes from (registrations per address are bounded)
     */
    void register(ProducerRegistration registration, InetAddress from);

    /** Keeps a producer's registration alive for another termination interval; false when it expired. */
    boolean renew(long id);

    /** Removes a registration (a producer closed). */
    void unregister(long id);

    /**
     * Mediation: the live producers of {@code table} answering {@code type} whose predicate can
     * overlap the query's equalities, of the given kinds.
     */
    List<ProducerRegistration> lookup(String table, QueryType type, Equalities query, Set<ProducerKind> kinds);

    /** Every live registration. */
    List<ProducerRegistration> producers();
}
