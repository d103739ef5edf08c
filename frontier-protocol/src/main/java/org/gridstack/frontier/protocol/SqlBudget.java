package org.gridstack.frontier.protocol;

import java.util.Objects;

/**
 * The SQL text one request may inflate from its {@code p1} parameters, summed over all its payloads.
 * {@link P1Codec#decode(String, SqlBudget, int)} charges every block of SQL before it keeps it and stops
 * inflating as soon as the total would pass the limit, so a request of many payloads that each
 * stay under the per-payload limit ({@link P1Codec#MAX_SQL_BYTES}) costs at most this much
 * inflating (and read-only checking) in all; the payloads after the one that ran it out are not
 * decoded at all.
 *
 * <p>One budget per request, used by one thread (not thread-safe). After a refusal the budget
 * stays as it was: {@link #used()} never passes {@link #limit()}.
 */
public final class SqlBudget {
    private final long limit;
    private final String limitName;
    private long used;

    /**
     * @param limit most SQL bytes the request may inflate in all, positive
     * @param limitName how an operator sets the limit (e.g. a property name), named in the error
     */
    public SqlBudget(long limit, String limitName) {
        if (limit <= 0) {
            throw new IllegalArgumentException("the SQL budget of a request must be positive, got " + limit);
        }
        this.limit = limit;
        this.limitName = Objects.requireNonNull(limitName, "limitName is null");
    }

    /** A budget no request can run out of (decoding a single {@code p1} on its own). */
    public static SqlBudget unlimited() {
        return new SqlBudget(Long.MAX_VALUE, "no limit");
    }

    /** The most SQL bytes the request may inflate in all. */
    public long limit() {
        return limit;
    }

    /** SQL bytes charged so far, over all payloads; never more than {@link #limit()}. */
    public long used() {
        return used;
    }

    /**
     * Charges {@code bytes} more inflated SQL of payload {@code payload}.
     *
     * @throws SqlBudgetExceededException when the total would pass the limit (nothing is charged
     *         then); the message names the limit, its setting and the payload that ran it out
     */
    void charge(int bytes, int payload) throws SqlBudgetExceededException {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, got " + bytes);
        }
        if (bytes > limit - used) {
            throw new SqlBudgetExceededException("the SQL of this request's payloads inflates to more than " + limit
                    + " bytes in all, the limit per request (" + limitName + "); payload " + payload + " ran over it, "
                    + used + " bytes having been inflated before (payloads before it and its own start). Send fewer or"
                    + " smaller queries per request", payload);
        }
        used += bytes;
    }
}
