package org.gridstack.bench.mds;

import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import org.gridstack.bench.kit.ClosedLoopDriver;

/**
 * The seed 002 clients of one server as a factory described by text, so the same clients run in
 * this JVM or in load agents of their own ({@link org.gridstack.bench.kit.LoadAgent}): {@code ldap
 * PORT BASE N} (a subtree search below BASE returning all N entries, {@link LdapSubtreeQuery}) or
 * {@code xpath URI N} (the XML index's XPath, {@link XPathQuery}; the clients of one factory share
 * an HTTP client). Every answer is checked.
 */
public final class IndexClients implements ClosedLoopDriver.ClientFactory {
    private final List<String> args;
    private HttpClient http;

    public IndexClients(String[] args) {
        this.args = List.of(args);
        boolean ldap = this.args.size() == 4 && this.args.get(0).equals("ldap");
        boolean xpath = this.args.size() == 3 && this.args.get(0).equals("xpath");
        if (!ldap && !xpath) {
            throw new IllegalArgumentException("expected 'ldap PORT BASE N' or 'xpath URI N', got " + this.args);
        }
    }

    static List<String> ldap(int port, String base, int entries) {
        return List.of("ldap", Integer.toString(port), base, Integer.toString(entries));
    }

    static List<String> xpath(URI query, int entries) {
        return List.of("xpath", query.toString(), Integer.toString(entries));
    }

    @Override
    public synchronized ClosedLoopDriver.Client open(int index) throws Exception {
        if (args.get(0).equals("ldap")) {
            return LdapSubtreeQuery.open(Integer.parseInt(args.get(1)), args.get(2), Integer.parseInt(args.get(3)));
        }
        if (http == null) {
            http = XPathQuery.sharedHttpClient();
        }
        return XPathQuery.open(http, URI.create(args.get(1)), Integer.parseInt(args.get(2)));
    }
}
