package org.gridstack.mds.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.directory.SchemaFiles;
import org.gridstack.mds.gris.GrisConfig;
import org.gridstack.mds.gris.GrisServer;
import org.gridstack.mds.gris.ProviderSpecification;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProcessRunner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.gridstack.mds.registration.RegistrationSender;
import java.net.InetAddress;

/**
 * {@code mds-index gris}: runs a GRIS until the process is stopped (Ctrl-C, SIGTERM), then shuts
 * it down cleanly.
 */
@Command(name = "gris", mixinStandardHelpOptions = true,
        description = "Run a GRIS: an LDAP server answering anonymous searches from information providers.")
final class GrisCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "2135", description = "LDAP port (default ${DEFAULT-VALUE}, MDS2's; 0: any free port).")
    int port;

    @Option(names = "--listen-address", paramLabel = "ADDRESS",
            description = "Address to listen on, e.g. 127.0.0.1 for this host only (default: every address).")
    InetAddress listenAddress;

    @Option(names = "--providers", defaultValue = "default", paramLabel = "default|synthetic:N|DIR|FILE",
            description = "default: this host from /proc as GLUE 1.3 and GLUE 2.0; synthetic:N: N entries with a date"
                    + " attribute; DIR: a BDII gip folder (provider/, ldif/) or a folder with grid-info-resource-ldif.conf;"
                    + " FILE: an MDS2 grid-info-resource-ldif.conf. Default: ${DEFAULT-VALUE}.")
    String providers;

    @Option(names = "--cache", defaultValue = "auto", paramLabel = "auto|on|off",
            description = "auto: honour each provider's cachetime; on: never wait for a provider once it has data;"
                    + " off: run the providers for every search. Default: ${DEFAULT-VALUE}.")
    String cache;

    @Option(names = "--suffix", defaultValue = GrisConfig.DEFAULT_SUFFIX, description = "GLUE 1.3 suffix (default ${DEFAULT-VALUE}).")
    String suffix;

    @Option(names = "--glue2-suffix", defaultValue = GrisConfig.DEFAULT_GLUE2_SUFFIX,
            description = "GLUE 2.0 suffix (default ${DEFAULT-VALUE}; empty: none).")
    String glue2Suffix;

    @Option(names = "--schema-dir", defaultValue = "/etc/ldap/schema",
            description = "Folder with the glue-schema package's files, for filter matching rules (default ${DEFAULT-VALUE}).")
    Path schemaDir;

    @Option(names = "--access-log", description = "Log every request (SDK access log format).")
    boolean accessLog;

    @Mixin
    RegistrationOptions registration;

    @Mixin
    MetricsOptions metrics;

    @Mixin
    ConnectionOptions connections;

    @Override
    public Integer call() throws Exception {
        GrisConfig config = GrisConfig.builder().port(port).listenAddress(listenAddress).suffix(suffix).glue2Suffix(glue2Suffix)
                .cacheMode(CacheMode.parse(cache)).accessLog(accessLog).connectionLimits(connections.limits()).eventLoop(connections.eventLoop()).build();
        ProcessRunner runner = new ProcessRunner();
        List<InformationProvider> list;
        GrisServer server;
        try {
            list = new ProviderSpecification(runner, Clock.systemUTC()).providers(providers, config.suffix(),
                    config.glue2Suffix());
            ProviderCache providerCache = new ProviderCache(list, config.cacheMode(), Clock.systemUTC());
            try {
                server = GrisServer.start(config, providerCache, new SchemaFiles().glue(schemaDir), metrics.start("gris"));
            } catch (Exception e) {
                providerCache.close();
                metrics.close();
                throw e;
            }
        } catch (Exception e) {
            runner.close();
            throw e;
        }
        RegistrationSender sender = registration.start(server.port(), config.suffix());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (sender != null) {
                sender.close();
            }
            server.close();
            runner.close();
            metrics.close();
            stopped.countDown();
        }, "gris-shutdown"));
        System.out.println("GRIS listening on ldap://" + (listenAddress == null ? "0.0.0.0" : listenAddress.getHostAddress()) + ":" + server.port() + " for " + config.suffixes()
                + " (" + list.size() + " providers, cache " + config.cacheMode().name().toLowerCase() + ")");
        System.out.println("try: ldapsearch -x -H ldap://127.0.0.1:" + server.port() + " -b '" + config.suffix()
                + "' '(objectClass=GlueCE)'");
        stopped.await();
        return 0;
    }
}
