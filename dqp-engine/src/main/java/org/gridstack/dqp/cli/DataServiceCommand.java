package org.gridstack.dqp.cli;

import java.time.Duration;
import java.util.concurrent.Callable;

import org.gridstack.dqp.dataservice.DataService;
import org.gridstack.dqp.dataservice.DataServiceApplication;
import org.gridstack.dqp.dataservice.DataServiceSettings;
import org.gridstack.dqp.web.RunningService;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code data-service}: one data service over an existing database, for multi-host testbeds. Not thread-safe. */
@Command(name = "data-service", mixinStandardHelpOptions = true,
        description = "Serve one database's tables (JDBC) with synchronous, tuple and block delivery.")
final class DataServiceCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--address", defaultValue = "127.0.0.1",
            description = "address to bind (default ${DEFAULT-VALUE}, this host only; 0.0.0.0 for other hosts)")
    String address;

    @Option(names = "--port", defaultValue = "8091", description = "port (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--name", defaultValue = "data-service", description = "name in errors and the catalog (default ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--jdbc-url", required = true, description = "JDBC URL of the database, e.g. jdbc:postgresql://db:5432/dqp")
    String jdbcUrl;

    @Option(names = "--user", required = true, description = "database user (use a read-only role)")
    String user;

    @Option(names = "--password-env", defaultValue = "DQP_DB_PASSWORD",
            description = "environment variable holding the password (default ${DEFAULT-VALUE}); not an option, so ps does not show it")
    String passwordEnv;

    @Option(names = "--max-sessions", defaultValue = "32", description = "open asynchronous scans at most (default ${DEFAULT-VALUE})")
    int maxSessions;

    @Override
    public Integer call() throws Exception {
        String password = System.getenv(passwordEnv);
        if (password == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "set the database password in $" + passwordEnv);
        }
        DataServiceSettings d = DataServiceSettings.defaults(name, jdbcUrl, user, password);
        DataServiceSettings settings = new DataServiceSettings(name, jdbcUrl, user, password, maxSessions, d.sessionIdleTimeout(),
                d.maxBlockSize(), d.fetchSize(), Duration.ofMinutes(5));
        UntilShutdown lifetime = new UntilShutdown();
        DataService service = lifetime.add(DataService.open(settings));
        RunningService http = lifetime.add(DataServiceApplication.start(service, address, port));
        System.out.println("data service " + name + " ready at " + http.baseUri());
        return lifetime.await();
    }
}
