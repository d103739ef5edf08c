package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import java.util.function.Predicate;

import org.gridstack.mds.cache.ProviderView;
import org.gridstack.mds.directory.DirectoryAssembler;
import org.gridstack.mds.directory.DirectoryContent;
import org.gridstack.mds.provider.ProviderOutput;

/**
 * Supplies the entries a search runs against, in seed 001's two server steps: {@link #read()}
 * gets every provider's (or registrant's) data, cached or fresh ("invoke provider"; may block,
 * bounded by the providers' timelimits), and {@link #assemble} integrates those outputs into one
 * directory under the suffixes ("generate result"). Implementations are thread-safe.
 */
@ThreadSafe
public interface ContentSource {
    /** The providers' data; for a GIIS only the live registrants'. */
    default List<ProviderView> read() throws InterruptedException {
        return read(Long.MAX_VALUE);
    }

    /**
     * The providers' data, waiting for providers being refreshed at most until
     * {@code waitUntilNanos} ({@link System#nanoTime()} scale; {@link Long#MAX_VALUE}: each
     * provider's own timelimit); what is late is served as its last data, flagged stale.
     */
    default List<ProviderView> read(long waitUntilNanos) throws InterruptedException {
        return read(waitUntilNanos, output -> true);
    }

    /**
     * As {@link #read(long)}, waiting only for providers whose last output
     * {@code worthWaitingFor} accepts (null: a provider that never delivered any).
     */
    List<ProviderView> read(long waitUntilNanos, Predicate<ProviderOutput> worthWaitingFor) throws InterruptedException;

    /** The directory made of {@code views}. */
    DirectoryContent assemble(List<ProviderView> views);

    /** Both steps at once (compares, which are not timed). */
    default DirectoryContent current() throws InterruptedException {
        return assemble(read());
    }

    /** Where the views come from. */
    @FunctionalInterface
    interface Views {
        List<ProviderView> read(long waitUntilNanos, Predicate<ProviderOutput> worthWaitingFor) throws InterruptedException;
    }

    /** Views from {@code views}, assembled (memoised) by {@code assembler}. */
    static ContentSource of(Views views, DirectoryAssembler assembler) {
        requireNonNull(views, "views is null");
        requireNonNull(assembler, "assembler is null");
        return new ContentSource() {
            @Override
            public List<ProviderView> read(long waitUntilNanos, Predicate<ProviderOutput> worthWaitingFor)
                    throws InterruptedException {
                return views.read(waitUntilNanos, worthWaitingFor);
            }

            @Override
            public DirectoryContent assemble(List<ProviderView> v) {
                return assembler.assemble(v);
            }
        };
    }
}
