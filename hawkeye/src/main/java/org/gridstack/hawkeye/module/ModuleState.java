package org.gridstack.hawkeye.module;

import com.google.errorprone.annotations.ThreadSafe;
import java.time.Instant;

import org.gridstack.hawkeye.classad.ClassAd;

/**
 * What an agent knows of one module: its last good ad (empty before the first success), when
 * that was collected (null before), whether it is stale (the last run failed, or none succeeded
 * yet), and the last run's problem (null when it succeeded). Immutable.
 */
@ThreadSafe
public record ModuleState(String module, ClassAd ad, Instant collectedAt, boolean stale, String problem, long failures) {

    static ModuleState initial(String module) {
        return new ModuleState(module, ClassAd.empty(), null, true, "not run yet", 0);
    }

    ModuleState succeeded(ClassAd newAd, Instant at) {
        return new ModuleState(module, newAd, at, false, null, failures);
    }

    ModuleState failed(String why) {
        return new ModuleState(module, ad, collectedAt, true, why, failures + 1);
    }
}
