package org.gridstack.rgma.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import org.gridstack.rgma.client.Consumer;
import org.gridstack.rgma.client.PrimaryProducer;
import org.gridstack.rgma.client.ProducerOptions;
import org.gridstack.rgma.client.Registry;
import org.gridstack.rgma.client.ResultSet;
import org.gridstack.rgma.client.RgmaEndpoint;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The client side of the {@code rgma} command: each subcommand is one thing R-GMA's shell did,
 * through the Java API against a server ({@code --url}). Output is plain text, a row per line,
 * values separated by tabs, after a header line of column names.
 */
final class ClientCommands {
    private ClientCommands() {
    }

    /** The server to talk to. */
    static final class Server {
        @Option(names = "--url", defaultValue = "http://127.0.0.1:8095", description = "R-GMA server (default ${DEFAULT-VALUE})")
        String url;

        RgmaEndpoint endpoint() {
            return new RgmaEndpoint(url);
        }
    }

    static void print(PrintWriter out, List<String> columns, List<List<Object>> rows) {
        out.println(String.join("\t", columns));
        for (List<Object> row : rows) {
            out.println(row.stream().map(v -> v == null ? "NULL" : v.toString()).collect(Collectors.joining("\t")));
        }
        out.flush();
    }

    @Command(name = "create-table", mixinStandardHelpOptions = true, description = "declare a table: CREATE TABLE ...")
    static final class CreateTable implements Callable<Integer> {
        @Mixin Server server;
        @Spec CommandSpec spec;
        @Parameters(description = "the CREATE TABLE statement", arity = "1..*") List<String> sql;

        @Override
        public Integer call() {
            new Registry(server.endpoint()).createTable(String.join(" ", sql));
            spec.commandLine().getOut().println("table declared");
            return 0;
        }
    }

    @Command(name = "tables", mixinStandardHelpOptions = true, description = "show the schema")
    static final class Tables implements Callable<Integer> {
        @Mixin Server server;
        @Spec CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            new Registry(server.endpoint()).tables().forEach(t -> out.println(t.get("createTable").asText()));
            out.flush();
            return 0;
        }
    }

    @Command(name = "producers", mixinStandardHelpOptions = true, description = "list the registry's producers")
    static final class Producers implements Callable<Integer> {
        @Mixin Server server;
        @Spec CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            List<List<Object>> rows = new ArrayList<>();
            for (Registry.Producer p : new Registry(server.endpoint()).producers()) {
                rows.add(List.of(p.id(), p.table(), p.kind(), String.join(",", p.queryTypes()), p.predicate(), p.endpoint()));
            }
            print(out, List.of("id", "table", "kind", "queryTypes", "predicate", "endpoint"), rows);
            return 0;
        }
    }

    @Command(name = "insert", mixinStandardHelpOptions = true,
            description = "declare a primary producer of the statement's table and publish the INSERT through it;"
                    + " the producer lives for its termination interval")
    static final class Insert implements Callable<Integer> {
        @Mixin Server server;
        @Spec CommandSpec spec;
        @Option(names = "--table", required = true, description = "the table the producer publishes") String table;
        @Option(names = "--predicate", defaultValue = "", description = "the producer's predicate, e.g. \"WHERE site = 'RAL'\"")
        String predicate;
        @Option(names = "--termination-interval", defaultValue = "300", description = "seconds (default ${DEFAULT-VALUE})")
        double terminationInterval;
        @Parameters(description = "the INSERT statement", arity = "1..*") List<String> sql;

        @Override
        public Integer call() {
            PrimaryProducer p = new PrimaryProducer(server.endpoint(), ProducerOptions.of(table).withPredicate(predicate)
                    .withTerminationInterval(terminationInterval));
            int n = p.insert(String.join(" ", sql));
            spec.commandLine().getOut().println(n + " tuple(s) published by producer " + p.id());
            return 0;
        }
    }

    @Command(name = "query", mixinStandardHelpOptions = true, description = "a latest, history or static query")
    static final class Query implements Callable<Integer> {
        @Mixin Server server;
        @Spec CommandSpec spec;
        @Option(names = "--type", defaultValue = "latest", description = "latest, history or static (default ${DEFAULT-VALUE})")
        String type;
        @Parameters(description = "the SELECT statement", arity = "1..*") List<String> sql;

        @Override
        public Integer call() {
            ResultSet r = new Consumer(server.endpoint()).query(String.join(" ", sql), type);
            PrintWriter out = spec.commandLine().getOut();
            print(out, r.columns(), r.rows());
            r.warnings().forEach(w -> spec.commandLine().getErr().println("warning: " + w));
            return 0;
        }
    }

    @Command(name = "stream", mixinStandardHelpOptions = true, description = "a continuous query: print new tuples as they come")
    static final class Stream implements Callable<Integer> {
        @Mixin Server server;
        @Spec CommandSpec spec;
        @Option(names = "--max-rows", defaultValue = "0", description = "stop after this many rows (0: never)") int maxRows;
        @Parameters(description = "the SELECT statement", arity = "1..*") List<String> sql;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (Consumer.Stream s = new Consumer(server.endpoint()).stream(String.join(" ", sql))) {
                out.println(String.join("\t", s.columns()));
                out.flush();
                int n = 0;
                for (List<Object> row = s.next(); row != null; row = s.next()) {
                    print(out, List.of(), List.of(row));
                    if (maxRows > 0 && ++n >= maxRows) {
                        break;
                    }
                }
            }
            return 0;
        }
    }

    @Command(name = "create-producer", mixinStandardHelpOptions = true,
            description = "declare a primary producer and print its id and token")
    static final class CreateProducer implements Callable<Integer> {
        @Mixin Server server;
        @Spec CommandSpec spec;
        @Option(names = "--table", required = true) String table;
        @Option(names = "--predicate", defaultValue = "") String predicate;

        @Override
        public Integer call() {
            PrimaryProducer p = new PrimaryProducer(server.endpoint(), ProducerOptions.of(table).withPredicate(predicate));
            spec.commandLine().getOut().println("producer " + p.id());
            return 0;
        }
    }
}
