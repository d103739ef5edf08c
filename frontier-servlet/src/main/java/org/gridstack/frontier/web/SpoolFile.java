package org.gridstack.frontier.web;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.gridstack.service.admission.AddressShare;

/**
 * One answer's bytes on disk (see {@link SpoolArea}): appended while the answer is produced, cut
 * back when a payload error replaces what was written, read back once to send it. The file is
 * created on the first write and unlinked at once; {@link #close()} frees its disk and its units.
 *
 * <p>Not thread-safe: its {@link ResponseOutput} uses it under its own lock.
 */
final class SpoolFile implements AutoCloseable {
    private static final int SLICE = 64 * 1024;

    /** Where read-back bytes go. */
    interface Sink {
        void write(byte[] b, int off, int len) throws IOException;
    }

    private final SpoolArea area;
    private final InetAddress client;
    private final List<AddressShare.Slot> units = new ArrayList<>();
    private FileChannel channel;
    private long size;
    private String refusal;

    SpoolFile(SpoolArea area, InetAddress client) {
        this.area = Objects.requireNonNull(area, "area is null");
        this.client = Objects.requireNonNull(client, "client is null");
    }

    /**
     * Appends {@code len} bytes; false, writing nothing, when the client's or the server's disk
     * share has no room for them ({@link #refusal()} then says which).
     */
    boolean write(byte[] b, int off, int len) throws IOException {
        long needed = size + len;
        String[] why = new String[1];
        while ((long) units.size() * SpoolArea.UNIT < needed) {
            AddressShare.Slot unit = area.takeUnit(client, why);
            if (unit == null) {
                refusal = why[0];
                return false;
            }
            units.add(unit);
        }
        if (channel == null) {
            Path file = area.newFile();
            try {
                channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
            } finally {
                Files.delete(file);
            }
        }
        ByteBuffer buf = ByteBuffer.wrap(b, off, len);
        while (buf.hasRemaining()) {
            channel.write(buf, size + (len - buf.remaining()));
        }
        size = needed;
        return true;
    }

    /** Why the last refused write was refused, for the payload error; null when none was. */
    String refusal() {
        return refusal;
    }

    long size() {
        return size;
    }

    /** Cuts the content back to its first {@code newSize} bytes and gives back the units past them. */
    void truncate(long newSize) throws IOException {
        if (newSize < 0 || newSize > size) {
            throw new IllegalArgumentException("newSize " + newSize + " is not within 0.." + size);
        }
        if (channel != null) {
            channel.truncate(newSize);
        }
        size = newSize;
        while (!units.isEmpty() && (long) (units.size() - 1) * SpoolArea.UNIT >= newSize) {
            units.remove(units.size() - 1).close();
        }
    }

    /** Hands the content, in slices, to {@code sink}. */
    void sendTo(Sink sink) throws IOException {
        if (channel == null) {
            return;
        }
        byte[] slice = new byte[(int) Math.min(SLICE, Math.max(1, size))];
        ByteBuffer buf = ByteBuffer.wrap(slice);
        for (long at = 0; at < size; ) {
            buf.clear();
            buf.limit((int) Math.min(slice.length, size - at));
            int n = channel.read(buf, at);
            if (n < 0) {
                throw new IOException("spool file ended at " + at + " of " + size + " bytes");
            }
            sink.write(slice, 0, n);
            at += n;
        }
    }

    /** Frees the file and its units; more than once is fine. */
    @Override
    public void close() {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // the file is unlinked: closing frees it whatever this says
        } finally {
            channel = null;
            size = 0;
            for (AddressShare.Slot u : units) {
                u.close();
            }
            units.clear();
        }
    }
}
