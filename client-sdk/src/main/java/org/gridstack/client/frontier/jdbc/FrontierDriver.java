package org.gridstack.client.frontier.jdbc;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierClientConfig;
import org.gridstack.client.frontier.QueryOptions;
import org.gridstack.client.frontier.RefreshPolicy;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.Ttl;

/**
 * A read-only JDBC driver over FroNtier. URLs: {@code jdbc:frontier:} followed by the C client's
 * configuration string ({@code jdbc:frontier:(serverurl=http://h:8080/Frontier)(proxyurl=http://p:3128)})
 * or a plain server URL ({@code jdbc:frontier:http://h:8080/Frontier}). Connection properties
 * {@code ttl} (short|long|forever) and {@code refresh} (none|soft|hard) set the statements'
 * defaults. Registered through {@code META-INF/services/java.sql.Driver}. Thread-safe (stateless).
 */
@ThreadSafe
public final class FrontierDriver implements Driver {
    public static final String PREFIX = "jdbc:frontier:";
    static final int MAJOR_VERSION = 0;
    static final int MINOR_VERSION = 1;

    static {
        try {
            DriverManager.registerDriver(new FrontierDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null; // JDBC: another driver's URL
        }
        Properties props = info == null ? new Properties() : info;
        FrontierClientConfig config;
        QueryOptions options = QueryOptions.DEFAULT;
        try {
            config = FrontierClientConfig.parse(url.substring(PREFIX.length()));
            String ttl = props.getProperty("ttl");
            if (ttl != null) {
                options = options.withTtl(Ttl.parse(ttl));
            }
            String refresh = props.getProperty("refresh");
            if (refresh != null) {
                options = options.withRefresh(RefreshPolicy.parse(refresh));
            }
        } catch (IllegalArgumentException | FrontierProtocolException e) {
            throw new SQLException("bad FroNtier JDBC URL or property (" + url + "): " + e.getMessage(), "08001", e);
        }
        return FrontierConnection.open(url, new FrontierClient(config), options);
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        DriverPropertyInfo ttl = new DriverPropertyInfo("ttl", "long");
        ttl.choices = new String[] {"short", "long", "forever"};
        ttl.description = "TTL class sent with every query";
        DriverPropertyInfo refresh = new DriverPropertyInfo("refresh", "none");
        refresh.choices = new String[] {"none", "soft", "hard"};
        refresh.description = "cache refresh every query starts with";
        return new DriverPropertyInfo[] {ttl, refresh};
    }

    @Override
    public int getMajorVersion() {
        return MAJOR_VERSION;
    }

    @Override
    public int getMinorVersion() {
        return MINOR_VERSION;
    }

    /** Not JDBC compliant: read-only, no transactions, no SQL-92 guarantee (the database decides). */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("the FroNtier driver does not log through java.util.logging");
    }
}
