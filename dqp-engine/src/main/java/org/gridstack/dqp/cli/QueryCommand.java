package org.gridstack.dqp.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code query "select ..."}: sends one query to a coordinator and prints the answer as a table
 * ({@link TablePrinter}; at most {@code --max-rows} rows are held and shown, the rest are counted),
 * the query id on standard error. The answer is read as it streams. An error answer, or one broken off
 * after rows came, prints the engine's message and exits with 1. Not thread-safe (run once).
 */
@Command(name = "query", mixinStandardHelpOptions = true, description = "Run one SQL query on a coordinator and print the answer as a table.")
final class QueryCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SQL", description = "the query (EXPLAIN ... prints its plan)")
    String sql;

    @Option(names = "--coordinator", defaultValue = "http://127.0.0.1:8090", description = "coordinator base URL (default ${DEFAULT-VALUE})")
    URI coordinator;

    @Option(names = "--block-size", description = "tuples per block between services (default: the coordinator's)")
    Integer blockSize;

    @Option(names = "--codec", description = "block codec between services: binary, binary-zstd or webrowset")
    String codec;

    @Option(names = "--max-rows", defaultValue = "1000", description = "rows shown at most; the rest are counted (default ${DEFAULT-VALUE})")
    int maxRows;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (maxRows < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-rows must be at least 0, is " + maxRows);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sql", sql);
        if (blockSize != null) {
            body.put("blockSize", blockSize);
        }
        if (codec != null) {
            body.put("codec", codec);
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<InputStream> response;
        try {
            response = http.send(HttpRequest.newBuilder(coordinator.resolve("/api/v1/query")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body))).build(),
                    HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            err.println("cannot reach the coordinator at " + coordinator + ": " + e.getMessage());
            err.flush();
            return 1;
        }
        response.headers().firstValue("X-Dqp-Query-Id").ifPresent(id -> err.println("query id " + id));
        try (InputStream in = response.body()) {
            if (response.statusCode() != 200) {
                JsonNode error = JSON.readTree(in);
                err.println("HTTP " + response.statusCode() + ": " + error.path("error").asText(error.toString()));
                err.flush();
                return 1;
            }
            return printAnswer(in, out, err);
        }
    }

    private int printAnswer(InputStream in, PrintWriter out, PrintWriter err) throws IOException {
        TablePrinter table = null;
        long more = 0;
        String error = null;
        try (JsonParser p = JSON.getFactory().createParser(in)) {
            p.nextToken(); // the answer's object
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "columns" -> table = columns(JSON.readTree(p));
                    case "rows" -> {
                        while (p.nextToken() == JsonToken.START_ARRAY) {
                            JsonNode row = JSON.readTree(p);
                            if (table != null && table.rowCount() < maxRows) {
                                List<String> values = new ArrayList<>();
                                row.forEach(v -> values.add(v.isNull() ? null : v.asText()));
                                table.add(values);
                            } else {
                                more++;
                            }
                        }
                    }
                    case "error" -> error = p.getText();
                    default -> p.skipChildren();
                }
            }
        } catch (IOException broken) {
            if (table != null) {
                table.print(out, more);
            }
            err.println("the answer broke off" + (error == null ? "" : ": " + error) + " (" + broken.getMessage() + ")");
            err.flush();
            return 1;
        }
        if (table != null) {
            table.print(out, more);
        }
        if (error != null) {
            err.println("the query failed after these rows: " + error);
            err.flush();
            return 1;
        }
        return 0;
    }

    private static TablePrinter columns(JsonNode columns) {
        List<String> names = new ArrayList<>();
        boolean[] numeric = new boolean[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            names.add(columns.get(i).path("name").asText());
            String type = columns.get(i).path("type").asText();
            numeric[i] = List.of("INTEGER", "BIGINT", "DOUBLE", "SMALLINT", "REAL", "DECIMAL", "NUMERIC").contains(type);
        }
        return new TablePrinter(names, numeric);
    }
}
