package org.gridstack.mds.giis;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Optional;

import org.gridstack.mds.registration.Registration;

/**
 * Where every registration arrives, whatever its protocol (LDAP add, HTTP form): checks it
 * against the {@link RegistrationPolicy} and hands it to the GIIS. Thread-safe.
 */
@ThreadSafe
public final class RegistrationDesk {

    /** Receives accepted registrations. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param clientAddress the address the registration came from
         * @throws IllegalStateException when no more registrations can be held (in all or from that address)
         */
        void accepted(Registration registration, String clientAddress);
    }

    /** Why a registration was not accepted. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        /** The policy said no, or the GIIS is full. */
        public enum Reason { POLICY, FULL }

        private final Reason reason;

        Refused(Reason reason, String message) {
            super(message);
            this.reason = reason;
        }

        public Reason reason() {
            return reason;
        }
    }

    private final RegistrationPolicy policy;
    @SuppressWarnings("ThreadSafe") // the GIIS's accept method (GiisServer::accept), itself thread-safe
    private final Listener listener;

    public RegistrationDesk(RegistrationPolicy policy, Listener listener) {
        this.policy = requireNonNull(policy, "policy is null");
        this.listener = requireNonNull(listener, "listener is null");
    }

    /**
     * @param clientAddress the address the registration came from
     * @throws Refused when the policy refuses it or the GIIS holds its maximum
     */
    public void accept(Registration registration, String clientAddress) throws Refused {
        requireNonNull(registration, "registration is null");
        requireNonNull(clientAddress, "clientAddress is null");
        Optional<String> refusal = policy.refusal(registration, clientAddress);
        if (refusal.isPresent()) {
            throw new Refused(Refused.Reason.POLICY, refusal.get());
        }
        try {
            listener.accepted(registration, clientAddress);
        } catch (IllegalStateException full) {
            throw new Refused(Refused.Reason.FULL, full.getMessage());
        }
    }
}
