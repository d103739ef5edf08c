package org.gridstack.mds.giis;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.Immutable;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.gridstack.mds.registration.Registration;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Accepts registrations that come from, and name, hosts on a list: a registration is accepted
 * when both the sender's address and the registrant host ({@code hn}) are listed (names compared
 * case-insensitively); when the list holds {@value #LOCAL} and the sender is a loopback address
 * (this host: the default of the command line, since a registration makes the server fetch from
 * the registrant); or when the list holds {@code *} (anyone, as MDS2 did). Immutable; thread-safe.
 */
@Immutable
public final class AllowedHostsPolicy implements RegistrationPolicy {
    /** The list entry for "any sender on this host's loopback interface, whatever host it names". */
    public static final String LOCAL = "local";

    @SuppressWarnings("Immutable") // an unmodifiable set of strings (Collectors.toUnmodifiableSet)
    private final Set<String> allowed;

    public AllowedHostsPolicy(List<String> allowed) {
        requireNonNull(allowed, "allowed is null");
        this.allowed = allowed.stream().map(s -> s.strip().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    public static AllowedHostsPolicy anyone() {
        return new AllowedHostsPolicy(List.of("*"));
    }

    /** Senders on this host only: the default. */
    public static AllowedHostsPolicy local() {
        return new AllowedHostsPolicy(List.of(LOCAL));
    }

    /** Whether {@code address} may send registrations at all (the list holds it, or {@code *}, or {@value #LOCAL} and it is a loopback address). */
    public boolean allowsSender(String address) {
        return allowed.contains("*") || allowed.contains(address.toLowerCase(Locale.ROOT)) || localSender(address);
    }

    private boolean localSender(String address) {
        if (!allowed.contains(LOCAL)) {
            return false;
        }
        try {
            // an address literal is parsed, never looked up
            return isAddressLiteral(address) && InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static boolean isAddressLiteral(String s) {
        return s.indexOf(':') >= 0 || s.chars().allMatch(c -> c == '.' || Character.isDigit(c));
    }

    @Override
    public Optional<String> refusal(Registration registration, String clientAddress) {
        if (allowed.contains("*") || localSender(clientAddress)) {
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
