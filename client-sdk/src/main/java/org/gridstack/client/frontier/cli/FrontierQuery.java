package org.gridstack.client.frontier.cli;

import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.gridstack.client.frontier.FrontierClient;
import org.gridstack.client.frontier.FrontierClientConfig;
import org.gridstack.client.frontier.FrontierException;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.QueryOptions;
import org.gridstack.client.frontier.RefreshPolicy;
import org.gridstack.client.frontier.SqlTypes;
import org.gridstack.frontier.protocol.FrontierProtocolException;
import org.gridstack.frontier.protocol.Ttl;

/**
 * {@code frontier-query [--server URL]... [--proxy URL]... [--zip N] [--refresh none|soft|hard]
 * [--ttl short|long|forever] "SQL"}: prints the column names and the rows tab-separated on
 * stdout, one line per row, as a terminal can show them (NULL as {@code \N}, binary columns as
 * {@code \x} hex like {@code psql}, text escaped by {@link TerminalText}), then timing, bytes,
 * the answering server/proxy and the cache status on stderr. Without {@code --server} the
 * {@code FRONTIER_*} environment variables configure the client. Exit codes:
 * 0 ok, 1 query failed, 2 usage error.
 */
public final class FrontierQuery {
    static final String USAGE = "usage: frontier-query [--server URL]... [--proxy URL]... [--zip N] [--refresh none|soft|hard] "
            + "[--ttl short|long|forever] \"SQL\"";

    private FrontierQuery() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), System.out, System.err));
    }

    /** The whole tool, without {@code System.exit}, for tests. */
    public static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        List<String> servers = new ArrayList<>();
        List<String> proxies = new ArrayList<>();
        Integer zip = null;
        QueryOptions options = QueryOptions.DEFAULT;
        String sql = null;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--server" -> servers.add(value(args, ++i, a));
                    case "--proxy" -> proxies.add(value(args, ++i, a));
                    case "--zip" -> zip = Integer.parseInt(value(args, ++i, a));
                    case "--refresh" -> options = options.withRefresh(RefreshPolicy.parse(value(args, ++i, a)));
                    case "--ttl" -> options = options.withTtl(Ttl.parse(value(args, ++i, a)));
                    case "-h", "--help" -> {
                        out.println(USAGE);
                        return 0;
                    }
                    default -> {
                        if (a.startsWith("--") || sql != null) {
                            throw new IllegalArgumentException("unexpected argument '" + a + "'");
                        }
                        sql = a;
                    }
                }
            }
            if (sql == null) {
                throw new IllegalArgumentException("no SQL given");
            }
            // without --server the environment configures the client; --proxy adds to its proxies
            FrontierClientConfig.Builder config = servers.isEmpty()
                    ? FrontierClientConfig.fromEnvironment(env).toBuilder() : FrontierClientConfig.builder();
            servers.forEach(config::server);
            proxies.forEach(config::proxy);
            if (zip != null) {
                config.zipLevel(zip);
            }
            FrontierClientConfig built = config.build();
            try (FrontierClient client = new FrontierClient(built)) {
                return query(client, built.proxies(), sql, options, out, err);
            }
        } catch (IllegalArgumentException | FrontierProtocolException e) {
            err.println("frontier-query: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int query(FrontierClient client, List<URI> proxies, String sql, QueryOptions options,
            PrintStream out, PrintStream err) {
        FrontierResult r;
        try {
            r = client.query(sql, options);
        } catch (FrontierException e) {
            err.println("frontier-query: " + e.getMessage());
            return 1;
        }
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < r.columnCount(); c++) {
            line.append(c == 0 ? "" : "\t").append(TerminalText.text(r.columnNames().get(c)));
        }
        out.println(line);
        boolean[] binary = new boolean[r.columnCount()];
        for (int c = 0; c < binary.length; c++) {
            binary[c] = SqlTypes.javaKind(r.typeNames().get(c)) == SqlTypes.Kind.BYTES;
        }
        for (int row = 0; row < r.rowCount(); row++) {
            line.setLength(0);
            for (int c = 0; c < r.columnCount(); c++) {
                // one line per row: NULL is \N, binary values hex as psql shows bytea, text escaped
                line.append(c == 0 ? "" : "\t").append(r.isNull(row, c) ? "\\N"
                        : binary[c] ? TerminalText.bytes(r.getBytes(row, c)) : TerminalText.text(r.getString(row, c)));
            }
            out.println(line);
        }
        out.flush();
        FrontierResult.Origin o = r.origin();
        err.printf("%d rows, %d columns in %d ms; %d bytes received, %d bytes decoded; answered by %s; cache %s%s; %d attempt(s)%n",
                r.rowCount(), r.columnCount(), o.elapsed().toMillis(), o.bytes(), r.fullSize(), o.describe(),
                o.xCache() == null ? "status unknown (no X-Cache)" : o.xCache(), o.ageSeconds() == null ? "" : ", age " + o.ageSeconds() + " s",
                o.attempts());
        if (!proxies.isEmpty() && o.proxy() == null) {
            // the C client's fail-over goes direct when every proxy fails: say so, or a dead cache goes unnoticed
            err.printf("frontier-query: WARNING: no proxy answered (%s); the answer came directly from the server%n",
                    proxies.stream().map(URI::toString).collect(Collectors.joining(", ")));
        }
        return 0;
    }
}
