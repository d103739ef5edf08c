package org.gridstack.mds.giis;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Optional;

import org.gridstack.mds.registration.Registration;

/**
 * Decides who may register with a GIIS (MDS2's registration policy). A refusal is answered with
 * {@code insufficientAccessRights} and the reason returned here. Implementations are thread-safe.
 */
@FunctionalInterface
@ThreadSafe
public interface RegistrationPolicy {
    /**
     * @param clientAddress the IP address the registration came from
     * @return empty to accept, or why the registration is refused
     */
    Optional<String> refusal(Registration registration, String clientAddress);
}
