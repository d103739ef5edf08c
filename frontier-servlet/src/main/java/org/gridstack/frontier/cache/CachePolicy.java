package org.gridstack.frontier.cache;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridstack.frontier.config.FrontierProperties;
import org.gridstack.frontier.protocol.Ttl;

/**
 * How long proxies may keep an answer: the TTL classes with their max-age and optional hour-of-day
 * cap, the short cache time of errors, and the {@code Cache-Control} header text. Thread-safe.
 */
@ThreadSafe
public final class CachePolicy {
    private static final Pattern MAX_STALE = Pattern.compile("(?i)(?:^|[,\\s])max-stale\\s*=\\s*(\\d{1,10})");
    /** Sent when the client asked errors not to be cached ({@code X-Frontier-Opts: DontCacheErrors}). */
    public static final String UNCACHEABLE = "no-store, max-age=0";

    @SuppressWarnings("ThreadSafe") // bound and validated at start-up, then only read
    private final FrontierProperties properties;
    private final Clock clock;

    public CachePolicy(FrontierProperties properties, Clock clock) {
        this.properties = Objects.requireNonNull(properties, "properties is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
    }

    /** Max-age of a good answer of this TTL class, capped at the next configured hour of day. */
    public long maxAge(Ttl ttl) {
        return switch (ttl) {
            case SHORT -> capped(properties.getShortCacheExpireSeconds(), properties.getShortCacheExpireHourOfDay());
            case LONG -> capped(properties.getLongCacheExpireSeconds(), properties.getLongCacheExpireHourOfDay());
            case FOREVER -> capped(properties.getForeverCacheExpireSeconds(), properties.getForeverCacheExpireHourOfDay());
        };
    }

    /** Max-age of an answer holding a payload error: brief, so a later good answer replaces it. */
    public long errorMaxAge() {
        return Math.min(properties.getErrorCacheExpireSeconds(), maxAge(Ttl.SHORT));
    }

    /** Max-age of a request-level error ({@code global_error}) and of a 503. */
    public long globalErrorMaxAge() {
        return properties.getGlobalErrorCacheExpireSeconds();
    }

    /** The {@code Cache-Control} value: {@code max-age=N}, plus {@code stale-if-error} echoing the client's max-stale. */
    public String cacheControl(long maxAge, String clientCacheControl) {
        String value = "max-age=" + maxAge;
        if (properties.isSendStaleIfError() && clientCacheControl != null) {
            Matcher m = MAX_STALE.matcher(clientCacheControl);
            if (m.find()) {
                value += ", stale-if-error=" + Long.parseLong(m.group(1));
            }
        }
        return value;
    }

    long capped(long maxAge, Integer hourOfDay) {
        if (hourOfDay == null) {
            return maxAge;
        }
        ZonedDateTime now = ZonedDateTime.now(clock);
        ZonedDateTime next = now.withHour(hourOfDay).withMinute(0).withSecond(0).withNano(0);
        if (!next.isAfter(now)) {
            next = next.plusDays(1);
        }
        long untilHour = Duration.between(now, next).getSeconds();
        return Math.min(maxAge, untilHour);
    }
}
