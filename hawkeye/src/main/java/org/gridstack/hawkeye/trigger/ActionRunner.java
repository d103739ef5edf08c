package org.gridstack.hawkeye.trigger;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.io.IOException;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.gridstack.hawkeye.classad.ClassAd;
import org.gridstack.hawkeye.classad.ClassAdJson;
import org.gridstack.hawkeye.classad.ClassAdWriter;
import org.gridstack.service.process.ProcessGroupStopper;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Performs one attempt of a trigger's action and says whether it worked: a command runs in a
 * session of its own with the ad on stdin and is stopped with its whole session at the time
 * limit; a webhook is POSTed with a request timeout. Thread-safe.
 */
@ThreadSafe
final class ActionRunner {
    private static final Duration STOP_GRACE = Duration.ofMillis(500);

    private final HttpClient http;
    private final ObjectMapper mapper = new ObjectMapper();

    ActionRunner(HttpClient http) {
        this.http = requireNonNull(http, "http is null");
    }

    /** Runs the action once; throws with a message saying what went wrong. */
    void run(Trigger trigger, String host, ClassAd ad) throws ActionFailedException, InterruptedException {
        if (trigger.action() instanceof TriggerAction.Command c) {
            command(c, ad);
        } else if (trigger.action() instanceof TriggerAction.Webhook w) {
            webhook(trigger, w, host, ad);
        }
    }

    private void command(TriggerAction.Command c, ClassAd ad) throws ActionFailedException, InterruptedException {
        ProcessBuilder pb = ProcessGroupStopper.inOwnSession(new ProcessBuilder(c.argv()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new ActionFailedException("cannot start " + c.argv().get(0) + ": " + e.getMessage());
        }
        try {
            try (OutputStream in = p.getOutputStream()) {
                in.write(ClassAdWriter.oldForm(ad).getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // the command did not read its input; its exit status decides
            }
            if (!p.waitFor(c.timeLimit().toNanos(), TimeUnit.NANOSECONDS)) {
                ProcessGroupStopper.stop(p, STOP_GRACE);
                throw new ActionFailedException("killed at its time limit of " + c.timeLimit().toMillis() + " ms");
            }
            if (p.exitValue() != 0) {
                throw new ActionFailedException(c.argv().get(0) + " exited with status " + p.exitValue());
            }
        } finally {
            ProcessGroupStopper.stop(p, STOP_GRACE);
        }
    }

    private void webhook(Trigger t, TriggerAction.Webhook w, String host, ClassAd ad)
            throws ActionFailedException, InterruptedException {
        ObjectNode body = mapper.createObjectNode();
        body.put("trigger", t.name());
        body.put("host", host);
        String json;
        try {
            body.set("ad", mapper.readTree(ClassAdJson.standard().toJson(ad)));
            json = mapper.writeValueAsString(body);
        } catch (IOException e) {
            throw new ActionFailedException("cannot write the ad as JSON: " + e.getMessage());
        }
        HttpRequest request = HttpRequest.newBuilder(w.url()).timeout(w.timeLimit())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        try {
            HttpResponse<Void> r = http.send(request, HttpResponse.BodyHandlers.discarding());
            if (r.statusCode() / 100 != 2) {
                throw new ActionFailedException(w.url() + " answered HTTP " + r.statusCode());
            }
        } catch (IOException e) {
            throw new ActionFailedException(w.url() + ": " + e);
        }
    }

    /** An attempt that failed. */
    static final class ActionFailedException extends Exception {
        private static final long serialVersionUID = 1L;

        ActionFailedException(String message) {
            super(message);
        }
    }
}
