package org.gridstack.frontier.protocol.zlib;

import com.google.errorprone.annotations.ThreadSafe;
import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.DataFormatException;
import java.util.stream.Stream;
import java.util.zip.Inflater;

/**
 * The C library libdeflate (Debian package {@code libdeflate0}, file {@code libdeflate.so.0})
 * called through JNA: whole-buffer zlib compression and decompression on native memory.
 *
 * <p>libdeflate compresses a whole buffer in one call and always ends its output with a final
 * block, so it cannot continue a stream; callers hand it the complete input. Its levels 1..9 are
 * zlib's in spirit (1 fastest, 9 smallest) and its zlib header carries the same FLEVEL as zlib's.
 *
 * <p>{@link #load(String)} binds the library and checks it with a round trip through
 * {@link java.util.zip.Inflater} before anyone relies on it; it fails with a
 * {@link LinkageError} or {@link IllegalStateException} that says why when the library (or JNA's
 * own native part) is missing or broken.
 *
 * <p>Thread-safety: thread-safe. libdeflate's compressor and decompressor objects are not, so each
 * {@link Compressor}/{@link Decompressor} is lent to one thread at a time and pooled between uses
 * (at most {@link #POOLED_PER_KIND} of each kind and level are kept). {@link #close()} frees the
 * pooled ones; objects still lent out are freed when they are returned.
 */
@ThreadSafe
public final class Libdeflate implements AutoCloseable {

    /** The shared library's file name on Debian/Ubuntu (package libdeflate0). */
    public static final String DEFAULT_LIBRARY = "libdeflate.so.0";

    /** Highest compression level libdeflate accepts (its 10..12 are slower than zlib's 9). */
    public static final int MAX_LEVEL = 12;

    /** Compressors (per level) and decompressors kept for reuse. */
    static final int POOLED_PER_KIND = 2 * Math.max(1, Runtime.getRuntime().availableProcessors());

    // enum libdeflate_result
    private static final int SUCCESS = 0;
    private static final int BAD_DATA = 1;
    private static final int INSUFFICIENT_SPACE = 3;

    private final String libraryPath;
    // JNA's Function is an immutable handle (address, calling convention); invoking it from several
    // threads at once is safe
    @SuppressWarnings("ThreadSafe")
    private final Function allocCompressor;
    @SuppressWarnings("ThreadSafe")
    private final Function freeCompressor;
    @SuppressWarnings("ThreadSafe")
    private final Function zlibCompress;
    @SuppressWarnings("ThreadSafe")
    private final Function zlibCompressBound;
    @SuppressWarnings("ThreadSafe")
    private final Function allocDecompressor;
    @SuppressWarnings("ThreadSafe")
    private final Function freeDecompressor;
    @SuppressWarnings("ThreadSafe")
    private final Function zlibDecompressEx;
    // the arrays are filled in the constructor and never written again; a pooled Pointer (a native
    // compressor or decompressor) is used by the one thread that took it from its deque
    @SuppressWarnings({"unchecked", "ThreadSafe"})
    private final ConcurrentLinkedDeque<Pointer>[] compressors = new ConcurrentLinkedDeque[MAX_LEVEL + 1];
    @SuppressWarnings("ThreadSafe")
    private final AtomicInteger[] pooledCompressors = new AtomicInteger[MAX_LEVEL + 1];
    @SuppressWarnings("ThreadSafe")
    private final ConcurrentLinkedDeque<Pointer> decompressors = new ConcurrentLinkedDeque<>();
    private final AtomicInteger pooledDecompressors = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();

    private Libdeflate(NativeLibrary library, String libraryName) {
        this.libraryPath = loadedFrom(library, libraryName);
        this.allocCompressor = library.getFunction("libdeflate_alloc_compressor");
        this.freeCompressor = library.getFunction("libdeflate_free_compressor");
        this.zlibCompress = library.getFunction("libdeflate_zlib_compress");
        this.zlibCompressBound = library.getFunction("libdeflate_zlib_compress_bound");
        this.allocDecompressor = library.getFunction("libdeflate_alloc_decompressor");
        this.freeDecompressor = library.getFunction("libdeflate_free_decompressor");
        this.zlibDecompressEx = library.getFunction("libdeflate_zlib_decompress_ex");
        for (int l = 0; l <= MAX_LEVEL; l++) {
            compressors[l] = new ConcurrentLinkedDeque<>();
            pooledCompressors[l] = new AtomicInteger();
        }
    }

    /**
     * Binds the library and checks that it round-trips with {@link Inflater}.
     *
     * @param libraryName a file name the dynamic linker finds (e.g. {@link #DEFAULT_LIBRARY}) or an
     *                    absolute path
     * @throws LinkageError          when the library, one of its functions, or JNA's native part
     *                               cannot be loaded
     * @throws IllegalStateException when the library loads but does not work as expected
     */
    public static Libdeflate load(String libraryName) {
        Objects.requireNonNull(libraryName, "libraryName is null");
        if (Native.SIZE_T_SIZE != Long.BYTES) {
            throw new IllegalStateException("libdeflate through JNA needs a 64-bit size_t, this platform has "
                    + Native.SIZE_T_SIZE + " bytes");
        }
        Libdeflate lib = new Libdeflate(NativeLibrary.getInstance(libraryName), libraryName);
        lib.selfTest();
        return lib;
    }

    /** The file the library was loaded from (its name when the file cannot be found out). */
    public String libraryPath() {
        return libraryPath;
    }

    /** Lends a compressor for {@code level} (1..12); close it to give it back. */
    public Compressor compressor(int level) {
        if (level < 1 || level > MAX_LEVEL) {
            throw new IllegalArgumentException("libdeflate level must be 1.." + MAX_LEVEL + ": " + level);
        }
        ensureOpen();
        Pointer handle = compressors[level].pollFirst();
        if (handle != null) {
            pooledCompressors[level].decrementAndGet();
        } else {
            handle = (Pointer) allocCompressor.invoke(Pointer.class, new Object[] {level});
            if (handle == null) {
                throw new OutOfMemoryError("libdeflate_alloc_compressor(" + level + ") returned NULL");
            }
        }
        return new Compressor(level, handle);
    }

    /** Lends a decompressor; close it to give it back. */
    public Decompressor decompressor() {
        ensureOpen();
        Pointer handle = decompressors.pollFirst();
        if (handle != null) {
            pooledDecompressors.decrementAndGet();
        } else {
            handle = (Pointer) allocDecompressor.invoke(Pointer.class, new Object[0]);
            if (handle == null) {
                throw new OutOfMemoryError("libdeflate_alloc_decompressor() returned NULL");
            }
        }
        return new Decompressor(handle);
    }

    /** Frees the pooled compressors and decompressors; lent ones are freed when given back. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            for (int l = 1; l <= MAX_LEVEL; l++) {
                drain(compressors[l], freeCompressor);
            }
            drain(decompressors, freeDecompressor);
        }
    }

    private void ensureOpen() {
        if (closed.get()) {
            throw new IllegalStateException("libdeflate binding is closed");
        }
    }

    private static void drain(ConcurrentLinkedDeque<Pointer> pool, Function free) {
        Pointer p;
        while ((p = pool.pollFirst()) != null) {
            free.invokeVoid(new Object[] {p});
        }
    }

    /** Gives a handle back to its pool, or frees it when the pool is full or closed. */
    private void giveBack(ConcurrentLinkedDeque<Pointer> pool, AtomicInteger size, Pointer handle, Function free) {
        if (!closed.get() && size.incrementAndGet() <= POOLED_PER_KIND) {
            pool.addFirst(handle);
            if (closed.get()) {
                drain(pool, free); // closed meanwhile: nobody else will drain it
            }
            return;
        }
        size.decrementAndGet();
        free.invokeVoid(new Object[] {handle});
    }

    /**
     * The file the library was loaded from. Loaded by bare name, the dynamic linker found it: on
     * Linux the process's memory map names the file; elsewhere the name is all there is.
     */
    private static String loadedFrom(NativeLibrary library, String name) {
        File file = library.getFile();
        if (file != null && file.isAbsolute() && file.exists()) {
            return file.getPath();
        }
        int so = name.indexOf(".so");
        String prefix = new File(so > 0 ? name.substring(0, so + 3) : name).getName();
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            return maps.map(line -> line.substring(line.lastIndexOf(' ') + 1))
                    .filter(path -> path.startsWith("/") && path.substring(path.lastIndexOf('/') + 1).startsWith(prefix))
                    .findFirst().orElse(name);
        } catch (IOException | RuntimeException e) {
            return name; // no /proc: not Linux
        }
    }

    /** Compresses a small sample at a few levels and inflates it with the JDK's zlib. */
    private void selfTest() {
        byte[] sample = ("libdeflate self-test: row,1,CMS_COND_31X_ALIGNMENT,tag_v1;row,2,CMS_COND_31X_ALIGNMENT,tag_v1;"
                .repeat(40)).getBytes(StandardCharsets.US_ASCII);
        for (int level : new int[] {1, 6, 9}) {
            byte[] z;
            try (Compressor c = compressor(level)) {
                z = c.compress(sample);
            }
            Inflater inflater = new Inflater();
            try {
                inflater.setInput(z);
                byte[] back = new byte[sample.length + 1];
                int n = inflater.inflate(back);
                if (!inflater.finished() || n != sample.length || !Arrays.equals(sample, 0, n, back, 0, n)) {
                    throw new IllegalStateException("libdeflate at level " + level + " wrote a zlib stream that java.util.zip does not read back");
                }
            } catch (DataFormatException e) {
                throw new IllegalStateException("libdeflate at level " + level + " wrote an invalid zlib stream: " + e.getMessage(), e);
            } finally {
                inflater.end();
            }
            byte[] inflated;
            try (Decompressor d = decompressor()) {
                inflated = d.decompress(z, sample.length);
            }
            if (!Arrays.equals(sample, inflated)) {
                throw new IllegalStateException("libdeflate does not inflate its own output at level " + level);
            }
        }
    }

    /**
     * A libdeflate compressor at one level, lent to one thread. Not thread-safe. Close it to give it
     * back to the pool.
     */
    public final class Compressor implements AutoCloseable {
        private final int level;
        private Pointer handle;

        private Compressor(int level, Pointer handle) {
            this.level = level;
            this.handle = handle;
        }

        /** The most bytes a zlib stream of {@code n} input bytes can take. */
        public long bound(long n) {
            return (Long) zlibCompressBound.invoke(Long.class, new Object[] {handle(), n});
        }

        /**
         * Compresses {@code in[0, n)} into one complete zlib stream at {@code out}.
         *
         * @return the zlib stream's length; 0 when it does not fit in {@code capacity} bytes (which
         *         cannot happen when {@code capacity >= bound(n)})
         */
        public long compress(Pointer in, long n, Pointer out, long capacity) {
            return (Long) zlibCompress.invoke(Long.class, new Object[] {handle(), in, n, out, capacity});
        }

        /** Compresses a whole array (convenience for small inputs and tests). */
        public byte[] compress(byte[] input) {
            long cap = bound(input.length);
            try (Memory in = new Memory(Math.max(1, input.length)); Memory out = new Memory(cap)) {
                in.write(0, input, 0, input.length);
                long n = compress(in, input.length, out, cap);
                if (n <= 0) {
                    throw new IllegalStateException("libdeflate_zlib_compress found no room in its own bound of " + cap + " bytes");
                }
                return out.getByteArray(0, Math.toIntExact(n));
            }
        }

        public int level() {
            return level;
        }

        private Pointer handle() {
            if (handle == null) {
                throw new IllegalStateException("compressor already given back");
            }
            return handle;
        }

        @Override
        public void close() {
            Pointer h = handle;
            if (h != null) {
                handle = null;
                giveBack(compressors[level], pooledCompressors[level], h, freeCompressor);
            }
        }
    }

    /**
     * A libdeflate decompressor, lent to one thread. Not thread-safe. Close it to give it back to
     * the pool.
     */
    public final class Decompressor implements AutoCloseable {
        private Pointer handle;

        private Decompressor(Pointer handle) {
            this.handle = handle;
        }

        /**
         * Inflates the one zlib stream at {@code in[0, n)} into {@code out}.
         *
         * @param counts receives, when successful, the compressed bytes read ({@code counts[0]}) and
         *               the inflated bytes written ({@code counts[1]}); needs two longs
         * @return {@link Status#OK}, {@link Status#NO_ROOM} (the inflated data is larger than
         *         {@code capacity}) or {@link Status#BAD_DATA}
         */
        public Status decompress(Pointer in, long n, Pointer out, long capacity, Memory counts) {
            if (counts.size() < 2L * Long.BYTES) {
                throw new IllegalArgumentException("counts needs room for two size_t values");
            }
            Pointer h = handle;
            if (h == null) {
                throw new IllegalStateException("decompressor already given back");
            }
            int result = (Integer) zlibDecompressEx.invoke(Integer.class,
                    new Object[] {h, in, n, out, capacity, counts, counts.share(Long.BYTES)});
            return switch (result) {
                case SUCCESS -> Status.OK;
                case INSUFFICIENT_SPACE -> Status.NO_ROOM;
                case BAD_DATA -> Status.BAD_DATA;
                default -> Status.BAD_DATA; // SHORT_OUTPUT cannot happen with the _ex call
            };
        }

        /** Inflates a whole zlib stream whose inflated size is known (convenience for tests and the self-test). */
        public byte[] decompress(byte[] zlib, int inflatedLength) {
            try (Memory in = new Memory(Math.max(1, zlib.length)); Memory out = new Memory(Math.max(1, inflatedLength));
                 Memory counts = new Memory(2L * Long.BYTES)) {
                in.write(0, zlib, 0, zlib.length);
                Status s = decompress(in, zlib.length, out, inflatedLength, counts);
                if (s != Status.OK) {
                    throw new IllegalStateException("libdeflate could not inflate: " + s);
                }
                return out.getByteArray(0, Math.toIntExact(counts.getLong(Long.BYTES)));
            }
        }

        @Override
        public void close() {
            Pointer h = handle;
            if (h != null) {
                handle = null;
                giveBack(decompressors, pooledDecompressors, h, freeDecompressor);
            }
        }
    }

    /** Outcome of a decompression. */
    public enum Status {
        /** The whole zlib stream was inflated. */
        OK,
        /** The inflated data does not fit in the space offered. */
        NO_ROOM,
        /** Not a valid zlib stream (or its Adler-32 does not match). */
        BAD_DATA
    }
}
