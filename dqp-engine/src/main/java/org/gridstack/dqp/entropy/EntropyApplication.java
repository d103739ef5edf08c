package org.gridstack.dqp.entropy;

import java.util.Map;

import org.gridstack.dqp.web.HttpServiceLauncher;
import org.gridstack.dqp.web.RunningService;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/** Spring wiring of one EntropyAnalyser copy around an {@link EntropyAnalyser} handed in ready. Stateless. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(EntropyController.class)
public class EntropyApplication {
    /** Serves {@code analyser} on {@code port} (0: a free one). */
    public static RunningService start(EntropyAnalyser analyser, int port) {
        return start(analyser, HttpServiceLauncher.LOOPBACK, port);
    }

    /** As {@link #start(EntropyAnalyser, int)}, bound to {@code address} (e.g. 0.0.0.0 for other hosts). */
    public static RunningService start(EntropyAnalyser analyser, String address, int port) {
        return HttpServiceLauncher.start("entropy-" + analyser.settings().name(), EntropyApplication.class, address, port,
                Map.of("entropyAnalyser", analyser));
    }
}
