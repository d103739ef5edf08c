package org.gridstack.rgma.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.gridstack.rgma.web.RgmaApplication;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rgma serve} runs an R-GMA server (schema, registry, ProducerServlet, ConsumerServlet);
 * {@code rgma demo} runs one that also publishes this host's information providers, and prints
 * one ready line with its URL and a query to try. Extra arguments are Spring Boot properties
 * ({@code --rgma.database.url=...}).
 */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "run an R-GMA server")
final class ServeCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8095", description = "HTTP port (0: a free one; default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--address", defaultValue = "127.0.0.1", description = "address to listen on (default ${DEFAULT-VALUE})")
    String address;

    @Option(names = "--demo", description = "publish this host's information providers as producers")
    boolean demo;

    @Parameters(description = "Spring Boot properties, e.g. --rgma.database.url=jdbc:postgresql://...", arity = "0..*")
    List<String> properties = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port must be within 0..65535, is " + port);
        }
        List<String> args = new ArrayList<>(properties);
        args.add("--server.port=" + port);
        args.add("--server.address=" + address);
        if (demo) {
            args.add("--rgma.demo=true");
        }
        ConfigurableApplicationContext context = SpringApplication.run(RgmaApplication.class, args.toArray(String[]::new));
        int actual = ((WebServerApplicationContext) context).getWebServer().getPort();
        String host = address.contains(":") ? "[" + address + "]" : address;
        String base = "http://" + host + ":" + actual;
        System.out.println("R-GMA " + (demo ? "demo " : "") + "ready: " + base + "  try: curl '" + base
                + "/rgma/consumer/query?type=latest&select=SELECT+*+FROM+hostload'");
        CountDownLatch stopped = new CountDownLatch(1);
        context.addApplicationListener(e -> {
            if (e instanceof ContextClosedEvent) {
                stopped.countDown();
            }
        });
        stopped.await();
        return 0;
    }
}
