package org.gridstack.client.frontier;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.Optional;
import org.gridstack.frontier.protocol.zlib.Libdeflate;

/**
 * The process's one binding of libdeflate (Debian's {@code libdeflate.so.0}) for inflating
 * answers, loaded on first use and kept for the life of the process (its pooled decompressors are
 * shared by every client), or the reason it could not be loaded.
 *
 * <p>Thread-safe: initialised once by the class loader's lock (holder idiom), immutable after.
 */
@ThreadSafe
final class SharedLibdeflate {
    private final Libdeflate library; // null when not loadable
    private final String description;

    private SharedLibdeflate(Libdeflate library, String description) {
        this.library = library;
        this.description = description;
    }

    private static final class Holder {
        static final SharedLibdeflate INSTANCE = load();
    }

    private static SharedLibdeflate load() {
        try {
            Libdeflate lib = Libdeflate.load(Libdeflate.DEFAULT_LIBRARY);
            return new SharedLibdeflate(lib, "libdeflate (" + lib.libraryPath() + ")");
        } catch (LinkageError | RuntimeException e) {
            return new SharedLibdeflate(null, "java.util.zip (libdeflate not usable: " + e.getMessage()
                    + "; install Debian's libdeflate0 for the faster inflater)");
        }
    }

    /** The binding, loading it on the first call. */
    static SharedLibdeflate get() {
        return Holder.INSTANCE;
    }

    /** The library, when it loaded. */
    Optional<Libdeflate> library() {
        return Optional.ofNullable(library);
    }

    /** "libdeflate (path)" or "java.util.zip (why)". */
    String description() {
        return description;
    }
}
