package org.gridstack.mds.giis;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.gridstack.mds.registration.Registration;

/**
 * Accepts registrations that come from, and name, hosts on a list: a registration is accepted
 * when both the sender's address and the registrant host ({@code hn}) are listed (names compared
 * case-insensitively), or when the list holds {@code *} (anyone: the default of the command
 * line). Immutable; thread-safe.
 */
public final class AllowedHostsPolicy implements RegistrationPolicy {
    private final Set<String> allowed;

    public AllowedHostsPolicy(List<String> allowed) {
        requireNonNull(allowed, "allowed is null");
        this.allowed = allowed.stream().map(s -> s.strip().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    public static AllowedHostsPolicy anyone() {
        return new AllowedHostsPolicy(List.of("*"));
    }

    /** Whether {@code address} may send registrations at all (the list holds it, or {@code *}). */
    public boolean allowsSender(String address) {
        return allowed.contains("*") || allowed.contains(address.toLowerCase(Locale.ROOT));
    }

    @Override
    public Optional<String> refusal(Registration registration, String clientAddress) {
        if (allowed.contains("*")) {
            return Optional.empty();
        }
        if (!allowed.contains(clientAddress.toLowerCase(Locale.ROOT))) {
            return Optional.of("registrations from " + clientAddress + " are not allowed by this GIIS's policy");
        }
        if (!allowed.contains(registration.host().toLowerCase(Locale.ROOT))) {
            return Optional.of("registrant host " + registration.host() + " is not allowed by this GIIS's policy");
        }
        return Optional.empty();
    }
}
