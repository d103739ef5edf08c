package org.gridstack.mds.provider;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;

import com.unboundid.ldap.sdk.Entry;

/**
 * An information provider written in Java and run in this JVM: {@link EntrySource} makes the
 * entries. The cache's timelimit still applies (a search stops waiting), but a source that
 * hangs is not killed: in-process sources must not block. Thread-safe if the source is.
 */
public final class InProcessProvider implements InformationProvider {

    /** Makes the entries of one run. */
    @FunctionalInterface
    public interface EntrySource {
        List<Entry> entries() throws Exception;
    }

    private final ProviderSettings settings;
    private final EntrySource source;

    public InProcessProvider(ProviderSettings settings, EntrySource source) {
        this.settings = requireNonNull(settings, "settings is null");
        this.source = requireNonNull(source, "source is null");
    }

    @Override
    public ProviderSettings settings() {
        return settings;
    }

    @Override
    public ProviderOutput collect() throws ProviderException, InterruptedException {
        List<Entry> entries;
        try {
            entries = source.entries();
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw new ProviderException("provider " + settings.name() + ": " + e, e);
        }
        if (settings.sizelimit() > 0 && entries.size() > settings.sizelimit()) {
            return new ProviderOutput(entries.subList(0, settings.sizelimit()),
                    List.of("provider " + settings.name() + ": sizelimit " + settings.sizelimit() + " reached; "
                            + (entries.size() - settings.sizelimit()) + " entries dropped"), Instant.now());
        }
        return new ProviderOutput(entries, List.of(), Instant.now());
    }

    @Override
    public String toString() {
        return "InProcessProvider[" + settings.name() + "]";
    }
}
