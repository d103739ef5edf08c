package org.gridstack.rgma.storage;

import com.google.errorprone.annotations.Immutable;

import static java.util.Objects.requireNonNull;

/** A PostgreSQL database to log in to: JDBC URL, user and password. Immutable; toString hides the password. */
@Immutable
public record DatabaseLocation(String jdbcUrl, String user, String password) {
    public DatabaseLocation {
        requireNonNull(jdbcUrl, "jdbcUrl is null");
        requireNonNull(user, "user is null");
        requireNonNull(password, "password is null");
        if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("rgma.database.url must be a jdbc:postgresql: URL, got " + jdbcUrl);
        }
    }

    @Override
    public String toString() {
        return jdbcUrl + " as " + user;
    }
}
