package org.gridstack.frontier.protocol;

import com.google.errorprone.annotations.Immutable;

/**
 * How an {@link AnswerDecoder} works; validated on construction. Immutable and thread-safe.
 *
 * @param md5OnSecondThreadFromBytes a payload is hashed on a second thread once it is known to be
 *     at least this large (from the body's announced length, or after this many bytes were hashed);
 *     {@link #MD5_ALWAYS_INLINE} keeps every hash on the decoding thread. Default 256 KiB: below
 *     that, handing buffers to another thread costs more than it saves.
 * @param keepDecodedData whether each payload also keeps its Base64-decoded bytes (for a zipped
 *     payload the compressed bytes) for {@link DecodedPayload#data()}; for tests that look
 *     at the wire data. Default false.
 * @param maxEnvelopeBytes the most XML around the data (the envelope, keepalives included) an
 *     answer may have before it is refused as not a FroNtier answer. Default 1 MiB; at least 1 KiB.
 */
@Immutable
public record AnswerDecoderSettings(long md5OnSecondThreadFromBytes, boolean keepDecodedData, int maxEnvelopeBytes) {
    /** Never hash on a second thread. */
    public static final long MD5_ALWAYS_INLINE = Long.MAX_VALUE;
    public static final long DEFAULT_MD5_ON_SECOND_THREAD_FROM_BYTES = 256 * 1024;
    public static final int DEFAULT_MAX_ENVELOPE_BYTES = 1 << 20;

    public AnswerDecoderSettings {
        if (md5OnSecondThreadFromBytes < 0) {
            throw new IllegalArgumentException("md5OnSecondThreadFromBytes must be >= 0, got " + md5OnSecondThreadFromBytes);
        }
        if (maxEnvelopeBytes < 1024) {
            throw new IllegalArgumentException("maxEnvelopeBytes must be at least 1024, got " + maxEnvelopeBytes);
        }
    }

    /** The defaults: MD5 of payloads from 256 KiB on a second thread, decoded data not kept, envelope up to 1 MiB. */
    public static AnswerDecoderSettings defaults() {
        return new AnswerDecoderSettings(DEFAULT_MD5_ON_SECOND_THREAD_FROM_BYTES, false, DEFAULT_MAX_ENVELOPE_BYTES);
    }

    public AnswerDecoderSettings withMd5OnSecondThreadFromBytes(long bytes) {
        return new AnswerDecoderSettings(bytes, keepDecodedData, maxEnvelopeBytes);
    }

    public AnswerDecoderSettings withKeepDecodedData(boolean keep) {
        return new AnswerDecoderSettings(md5OnSecondThreadFromBytes, keep, maxEnvelopeBytes);
    }

    public AnswerDecoderSettings withMaxEnvelopeBytes(int bytes) {
        return new AnswerDecoderSettings(md5OnSecondThreadFromBytes, keepDecodedData, bytes);
    }
}
