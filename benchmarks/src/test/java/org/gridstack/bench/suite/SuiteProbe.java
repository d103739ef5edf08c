package org.gridstack.bench.suite;

import java.nio.file.Path;
import java.util.List;
import org.gridstack.bench.kit.CommandLineArgs;
import org.gridstack.bench.kit.report.Headline;
import org.gridstack.bench.kit.report.HtmlPage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A stand-in experiment for {@link TestBenchSuite}: writes a report page (and, when it is to pass,
 * a headline: 3 x its peer against a 2 x target), prints its options, and
 * then exits with the code it is told, or starts a {@code sleep} child and waits (to be stopped by
 * the suite's time limit, which must end the child too).
 */
public final class SuiteProbe {
    @Command(name = "SuiteProbe")
    static final class Options {
        @Option(names = "--output")
        Path output;

        @Option(names = "--exit")
        int exit;

        @Option(names = "--hang", arity = "1")
        boolean hang;

        @Option(names = "--level")
        String level = "";
    }

    public static void main(String[] args) throws Exception {
        Options o = CommandLineArgs.parse(new Options(), args);
        System.out.println("probe arguments " + List.of(args));
        HtmlPage.builder("probe page").fact("level", o.level).build().write(o.output.resolve("probe.html"));
        if (o.exit == 0) {
            new Headline("probe vs its peer, queries/s", 30, 10, "the peer (this run)", "queries/s", true, 2.0).write(o.output);
        }
        if (o.hang) {
            Process child = new ProcessBuilder("sleep", "300").start();
            System.out.println("probe child " + child.pid());
            Thread.sleep(300_000);
        }
        System.exit(o.exit);
    }
}
