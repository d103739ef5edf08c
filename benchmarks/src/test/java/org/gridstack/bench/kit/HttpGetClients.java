package org.gridstack.bench.kit;

import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;

/**
 * A client factory for {@link TestMultiProcessDriver}'s load agents: each client GETs the URL given
 * as the first argument (keep-alive), naming its process in a header, and fails on anything but 200.
 * The second argument, when "fail", makes opening a client fail.
 */
public final class HttpGetClients implements ClosedLoopDriver.ClientFactory {
    private final URI uri;
    private final boolean failOnOpen;

    public HttpGetClients(String[] args) {
        this.uri = URI.create(args[0]);
        this.failOnOpen = args.length > 1 && args[1].equals("fail");
    }

    @Override
    public ClosedLoopDriver.Client open(int index) {
        if (failOnOpen) {
            throw new IllegalStateException("client " + index + " cannot open (as asked)");
        }
        return tally -> {
            HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
            c.setRequestProperty("X-Agent-Pid", Long.toString(ProcessHandle.current().pid()));
            c.setRequestProperty("X-Client", Integer.toString(index));
            if (c.getResponseCode() != 200) {
                throw new IllegalStateException("HTTP " + c.getResponseCode());
            }
            try (InputStream in = c.getInputStream()) {
                byte[] body = in.readAllBytes();
                tally.add(body.length, body.length);
            }
        };
    }
}
