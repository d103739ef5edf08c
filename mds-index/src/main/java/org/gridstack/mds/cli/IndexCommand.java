package org.gridstack.mds.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.gridstack.mds.web.IndexApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code mds-index index}: runs the MDS4-style XML index over HTTP until the process is stopped. */
@Command(name = "index", mixinStandardHelpOptions = true,
        description = "Run an MDS4-style XML index over HTTP: register XML sources (ldap:// or http://) with a refresh"
                + " interval, query the aggregate with XPath; step timers on /actuator/prometheus.")
final class IndexCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8085", description = "HTTP port (default ${DEFAULT-VALUE}; 0: any free port).")
    int port;

    @Option(names = "--bind-address", defaultValue = "127.0.0.1",
            description = "Address to listen on (default ${DEFAULT-VALUE}, this host only; 0.0.0.0: every interface).")
    String bindAddress;

    @Override
    public Integer call() throws Exception {
        ConfigurableApplicationContext app = new SpringApplicationBuilder(IndexApplication.class)
                // as command-line arguments: properties(...) would be defaults, which another
                // application.properties on the class path overrides
                .run("--server.port=" + port, "--server.address=" + bindAddress,
                        "--management.endpoints.web.exposure.include=health,prometheus",
                        "--spring.main.banner-mode=off");
        String actual = app.getEnvironment().getProperty("local.server.port", String.valueOf(port));
        System.out.println("XML index on http://" + bindAddress + ":" + actual + "/index/ (metrics: /actuator/prometheus)");
        System.out.println("try: curl -d name=gris -d url=ldap://127.0.0.1:2135/Mds-Vo-name=local,o=Grid -d refresh=60 "
                + "http://127.0.0.1:" + actual + "/index/registrations");
        System.out.println("     curl -G --data-urlencode \"xpath=//entry[objectClass='GlueCE']/GlueCEInfoTotalCPUs\" "
                + "http://127.0.0.1:" + actual + "/index/query");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            app.close();
            stopped.countDown();
        }, "index-shutdown"));
        stopped.await();
        return 0;
    }
}
