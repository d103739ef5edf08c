package org.gridstack.rgma.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rgma demo}: {@code rgma serve --demo} on loopback, the launcher's entry. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "run an R-GMA server publishing this host's providers, on embedded PostgreSQL, and print a ready line")
final class DemoCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8095", description = "HTTP port (0: a free one; default ${DEFAULT-VALUE})")
    int port;

    @Parameters(description = "Spring Boot properties", arity = "0..*")
    List<String> properties = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        ServeCommand serve = new ServeCommand();
        serve.port = port;
        serve.address = "127.0.0.1";
        serve.demo = true;
        serve.properties = properties;
        return serve.call();
    }
}
