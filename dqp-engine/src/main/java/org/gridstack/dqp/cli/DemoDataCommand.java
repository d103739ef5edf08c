package org.gridstack.dqp.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.gridstack.dqp.demo.DemoDataGenerator;
import org.gridstack.dqp.demo.DemoDatabase;
import org.gridstack.dqp.demo.DemoTable;
import org.gridstack.dqp.dataservice.DataService;
import org.gridstack.dqp.dataservice.DataServiceSettings;
import org.gridstack.dqp.dataservice.DataServiceApplication;
import org.gridstack.dqp.web.RunningService;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code demo-data}: one of the demo's two data hosts on its own, for multi-host testbeds: an
 * embedded PostgreSQL with that host's demo tables (reader password generated for the run) and a
 * data service over it. Not thread-safe.
 */
@Command(name = "demo-data", mixinStandardHelpOptions = true,
        description = "One demo data host: an embedded PostgreSQL with host A's or host B's tables and its data service.")
final class DemoDataCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--tables", required = true, paramLabel = "a|b",
            description = "a: protein_goterm and goterms; b: protein_interaction and protein_sequences")
    String tables;

    @Option(names = "--address", defaultValue = "127.0.0.1",
            description = "address to bind (default ${DEFAULT-VALUE}, this host only; 0.0.0.0 for other hosts)")
    String address;

    @Option(names = "--port", defaultValue = "8091", description = "port (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--name", defaultValue = "data-service", description = "name in errors and the catalog (default ${DEFAULT-VALUE})")
    String name;

    @Override
    public Integer call() throws Exception {
        List<DemoTable> hostTables = switch (tables) {
            case "a" -> DemoTable.HOST_A;
            case "b" -> DemoTable.HOST_B;
            default -> throw new CommandLine.ParameterException(spec.commandLine(), "--tables must be a or b, is '" + tables + "'");
        };
        UntilShutdown lifetime = new UntilShutdown();
        DemoDatabase db = lifetime.add(DemoDatabase.start(hostTables, new DemoDataGenerator()));
        DataServiceSettings d = DataServiceSettings.defaults(name, db.jdbcUrl(), DemoDatabase.READER, db.readerPassword());
        DataService service = lifetime.add(DataService.open(d));
        RunningService http = lifetime.add(DataServiceApplication.start(service, address, port));
        System.out.println("demo data host " + name + " (" + hostTables + ") ready at " + http.baseUri());
        return lifetime.await();
    }
}
