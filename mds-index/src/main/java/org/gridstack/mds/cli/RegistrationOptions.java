package org.gridstack.mds.cli;

import java.time.Duration;

import org.gridstack.mds.registration.Registration;
import org.gridstack.mds.registration.RegistrationSender;

import com.unboundid.ldap.sdk.DN;

import picocli.CommandLine.Option;

/** The {@code --register-to} options shared by the gris and giis commands (a picocli mixin). */
final class RegistrationOptions {
    @Option(names = "--register-to", paramLabel = "HOST:PORT",
            description = "Register with this GIIS by soft state (an LDAP add every regperiod).")
    String registerTo;

    @Option(names = "--advertise-host", paramLabel = "HOST",
            description = "Host name the GIIS should contact (default: the address the GIIS sees).")
    String advertiseHost;

    @Option(names = "--regperiod", defaultValue = "600", description = "Seconds between registrations (default ${DEFAULT-VALUE}).")
    long regperiod;

    @Option(names = "--ttl", defaultValue = "1200", description = "Seconds the GIIS keeps a registration not renewed (default ${DEFAULT-VALUE}).")
    long ttl;

    @Option(names = "--cachettl", defaultValue = "30", description = "Seconds the GIIS may cache this server's data (default ${DEFAULT-VALUE}).")
    long cachettl;

    @Option(names = "--timeout", defaultValue = "20", description = "Seconds the GIIS waits for this server (default ${DEFAULT-VALUE}).")
    long timeout;

    /** Starts registering when {@code --register-to} was given; null otherwise. */
    RegistrationSender start(int ownPort, DN ownSuffix) {
        if (registerTo == null) {
            return null;
        }
        int colon = registerTo.lastIndexOf(':');
        if (colon <= 0 || colon == registerTo.length() - 1) {
            throw new IllegalArgumentException("--register-to '" + registerTo + "' must be HOST:PORT");
        }
        int port;
        try {
            port = Integer.parseInt(registerTo.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--register-to '" + registerTo + "': the port is not a number");
        }
        // validates the numbers the same way the GIIS will
        new Registration(advertiseHost == null ? "127.0.0.1" : advertiseHost, ownPort, ownSuffix,
                Duration.ofSeconds(regperiod), Duration.ofSeconds(ttl), Duration.ofSeconds(cachettl), Duration.ofSeconds(timeout));
        return RegistrationSender.start(registerTo.substring(0, colon), port, advertiseHost, ownPort, ownSuffix,
                Duration.ofSeconds(regperiod), Duration.ofSeconds(ttl), Duration.ofSeconds(cachettl), Duration.ofSeconds(timeout));
    }
}
