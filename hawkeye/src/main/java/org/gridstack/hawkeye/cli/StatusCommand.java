package org.gridstack.hawkeye.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdJson;
import org.gridstack.hawkeye.classad.ClassAdWriter;
import org.gridstack.hawkeye.classad.Value;
import org.gridstack.hawkeye.client.AgentLocation;
import org.gridstack.hawkeye.client.HawkeyeClient;
import org.gridstack.hawkeye.client.HawkeyeException;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hawkeye status}, in the spirit of {@code condor_status}: asks the manager (or, with
 * {@code -direct}, one agent) for the ads satisfying {@code -constraint}, and prints their names,
 * the attributes named by {@code -af}, whole ads in the old form ({@code -long}) or JSON
 * ({@code -json}). Exit status 1 with the server's message when the query is refused.
 */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Query a Hawkeye manager or agent.")
public final class StatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-pool", "--pool"}, defaultValue = "http://127.0.0.1:9618/",
            description = "the manager's URL (default: ${DEFAULT-VALUE})")
    URI pool;

    @Option(names = {"-constraint", "--constraint"}, description = "a ClassAd expression the ads must satisfy")
    String constraint;

    @Option(names = {"-af", "--autoformat"}, arity = "1..*", description = "print only these attributes' values, one ad per line")
    List<String> attributes = new ArrayList<>();

    @Option(names = {"-long", "--long"}, description = "print whole ads, Attr = value lines, a blank line between ads")
    boolean longForm;

    @Option(names = {"-json", "--json"}, description = "print the ads as a JSON array")
    boolean json;

    @Option(names = {"-direct", "--direct"}, description = "ask this agent (its URL, or a host name the manager locates) directly")
    String direct;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HawkeyeClient client = new HawkeyeClient(HttpClient.newHttpClient(), Duration.ofSeconds(30), new SimpleMeterRegistry());
        try {
            URI target = pool;
            if (direct != null) {
                target = direct.startsWith("http://") || direct.startsWith("https://") ? URI.create(direct) : locate(client);
            }
            List<String> projection = attributes.isEmpty() && !longForm && !json ? List.of("Name") : attributes;
            List<ClassAd> ads = client.query(target, constraint, projection);
            print(out, ads);
            out.flush();
            return 0;
        } catch (HawkeyeException e) {
            err.println("hawkeye status: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    private URI locate(HawkeyeClient client) throws HawkeyeException {
        String quoted = ClassAdWriter.quote(direct);
        List<AgentLocation> found = client.locate(pool, "Name == " + quoted);
        if (found.isEmpty() || found.get(0).url() == null) {
            throw new HawkeyeException(404, "the manager at " + pool + " knows no agent for host " + direct);
        }
        return URI.create(found.get(0).url());
    }

    private void print(PrintWriter out, List<ClassAd> ads) {
        if (json) {
            ClassAdJson j = ClassAdJson.standard();
            out.println("[");
            for (int i = 0; i < ads.size(); i++) {
                out.println(j.toJson(ads.get(i)) + (i + 1 < ads.size() ? "," : ""));
            }
            out.println("]");
            return;
        }
        if (longForm && attributes.isEmpty()) {
            for (ClassAd ad : ads) {
                out.print(ClassAdWriter.oldForm(ad));
                out.println();
            }
            return;
        }
        List<String> columns = attributes.isEmpty() ? List.of("Name") : attributes;
        for (ClassAd ad : ads) {
            StringBuilder line = new StringBuilder();
            for (String c : columns) {
                Value v = ad.evaluate(c);
                line.append(line.length() == 0 ? "" : " ").append(v instanceof Value.Str s ? s.value() : v.toString());
            }
            out.println(line);
        }
    }
}
