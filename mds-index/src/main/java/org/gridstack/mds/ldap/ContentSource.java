package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import java.util.List;

import org.gridstack.mds.cache.ProviderView;
import org.gridstack.mds.directory.DirectoryAssembler;
import org.gridstack.mds.directory.DirectoryContent;

/**
 * Supplies the entries a search runs against, in seed 001's two server steps: {@link #read()}
 * gets every provider's (or registrant's) data, cached or fresh ("invoke provider"; may block,
 * bounded by the providers' timelimits), and {@link #assemble} integrates those outputs into one
 * directory under the suffixes ("generate result"). Implementations are thread-safe.
 */
public interface ContentSource {
    /** The providers' data; for a GIIS only the live registrants'. */
    List<ProviderView> read() throws InterruptedException;

    /** The directory made of {@code views}. */
    DirectoryContent assemble(List<ProviderView> views);

    /** Both steps at once (compares, which are not timed). */
    default DirectoryContent current() throws InterruptedException {
        return assemble(read());
    }

    /** Where the views come from. */
    @FunctionalInterface
    interface Views {
        List<ProviderView> read() throws InterruptedException;
    }

    /** Views from {@code views}, assembled (memoised) by {@code assembler}. */
    static ContentSource of(Views views, DirectoryAssembler assembler) {
        requireNonNull(views, "views is null");
        requireNonNull(assembler, "assembler is null");
        return new ContentSource() {
            @Override
            public List<ProviderView> read() throws InterruptedException {
                return views.read();
            }

            @Override
            public DirectoryContent assemble(List<ProviderView> v) {
                return assembler.assemble(v);
            }
        };
    }
}
