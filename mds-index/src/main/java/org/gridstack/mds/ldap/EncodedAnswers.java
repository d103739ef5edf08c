package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.gridstack.mds.directory.DirectoryContent;

import com.unboundid.asn1.ASN1Buffer;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.protocol.SearchResultDoneProtocolOp;
import com.unboundid.ldap.sdk.LDAPResult;

/**
 * Whole search answers encoded once and sent many times (issue 11: "the answer to a cached search
 * should be encoded once and sent many times, not rebuilt per request"): for one
 * {@link DirectoryContent} (the same object while the cached data has not changed), the answer to a
 * search request (its base DN text, scope, alias policy, size limit, types-only flag, filter text and
 * attribute list) is the list of BER-encoded entry operations and the encoded SearchResultDone
 * operation; only the message ID differs between two clients asking the same thing, and it is
 * added when the answer is written ({@link SearchEntryCoalescingOutputStream#writeEncoded}). A hit
 * costs one map lookup instead of parsing the base DN, matching every entry and encoding the result.
 *
 * <p>Only successful answers whose every entry went out as the entry's prepared encoding are
 * remembered; anything else (errors, size or time limits reached, attribute lists, types only,
 * requests with controls) is computed per request as before. Memory is bounded: at most
 * {@link #maxAnswers} answers of at most {@link #maxAnswerBytes} each per content, and when the
 * content changes the answers of the old one are dropped at once (they are keyed by it). When the
 * bound is reached no more answers are remembered until the content changes, so anonymous clients
 * asking many different searches cannot grow it. Thread-safe (lock-free reads).
 */
@ThreadSafe
public final class EncodedAnswers {
    /** Answers remembered per content by default. */
    public static final int DEFAULT_MAX_ANSWERS = 1024;
    /** Largest answer remembered by default (its encoded entries and result): 1 MiB. */
    public static final int DEFAULT_MAX_ANSWER_BYTES = 1024 * 1024;
    /** Most bytes of answers held per content by default: 32 MiB. */
    public static final long DEFAULT_MAX_TOTAL_BYTES = 32L * 1024 * 1024;

    /** What makes two search requests the same question (the message ID and controls excluded). */
    record Key(String base, int scope, int deref, int sizeLimit, boolean typesOnly, String filter, List<String> attributes) {
        static Key of(SearchRequestProtocolOp r) {
            return new Key(r.getBaseDN(), r.getScope().intValue(), r.getDerefPolicy().intValue(), r.getSizeLimit(), r.typesOnly(),
                    r.getFilter().toString(), r.getAttributes());
        }
    }

    /**
     * One answer: the encoded entry operations in order and the encoded SearchResultDone
     * operation (never modify the arrays).
     */
    public record Answer(List<byte[]> entries, byte[] done, int bytes) {
        public Answer {
            entries = List.copyOf(requireNonNull(entries, "entries is null"));
            requireNonNull(done, "done is null");
        }
    }

    /** The answers of one content. */
    private record Generation(DirectoryContent content, ConcurrentHashMap<Key, Answer> answers, AtomicLong bytes) {
    }

    private final int maxAnswers;
    private final int maxAnswerBytes;
    private final long maxTotalBytes;
    @SuppressWarnings("ThreadSafe") // volatile: replaced whole for a new content, read without a lock; a lost race only recomputes
    private volatile Generation current = new Generation(null, new ConcurrentHashMap<>(), new AtomicLong());

    public EncodedAnswers() {
        this(DEFAULT_MAX_ANSWERS, DEFAULT_MAX_ANSWER_BYTES, DEFAULT_MAX_TOTAL_BYTES);
    }

    /**
     * @param maxAnswers answers remembered per content
     * @param maxAnswerBytes largest answer remembered
     * @param maxTotalBytes most bytes of answers per content
     */
    public EncodedAnswers(int maxAnswers, int maxAnswerBytes, long maxTotalBytes) {
        if (maxAnswers < 1 || maxAnswerBytes < 1 || maxTotalBytes < 1) {
            throw new IllegalArgumentException("maxAnswers, maxAnswerBytes and maxTotalBytes must be positive, got " + maxAnswers
                    + ", " + maxAnswerBytes + ", " + maxTotalBytes);
        }
        this.maxAnswers = maxAnswers;
        this.maxAnswerBytes = maxAnswerBytes;
        this.maxTotalBytes = maxTotalBytes;
    }

    /** A remembered answer and the content it was computed from (it may be sent only while that content is current). */
    public record Remembered(DirectoryContent content, Answer answer) {
    }

    /**
     * The answer remembered for {@code request}, with its content, or null. The caller sends it
     * only when the content it would search now is that very object.
     */
    public Remembered lookup(SearchRequestProtocolOp request) {
        Generation g = current;
        if (g.answers.isEmpty()) {
            return null;
        }
        Answer a = g.answers.get(Key.of(request));
        return a == null ? null : new Remembered(g.content, a);
    }

    /** The remembered answer to {@code request} over {@code content}, or null. */
    public Answer find(DirectoryContent content, SearchRequestProtocolOp request) {
        Remembered r = lookup(request);
        return r != null && r.content() == content ? r.answer() : null;
    }

    /**
     * Remembers the answer to {@code request} over {@code content} when it may be (a successful
     * result, within the bounds); returns whether it was.
     *
     * @param entries the encoded entry operations sent, in order
     */
    public boolean remember(DirectoryContent content, SearchRequestProtocolOp request, List<byte[]> entries, LDAPResult result) {
        requireNonNull(content, "content is null");
        if (result.getResultCode().intValue() != 0 || result.getReferralURLs().length > 0) {
            return false;
        }
        byte[] done = encodeDone(result);
        long size = done.length;
        for (byte[] e : entries) {
            size += e.length;
        }
        if (size > maxAnswerBytes) {
            return false;
        }
        Generation g = current;
        if (g.content != content) {
            // another content (normally the newer one) replaces the answers; answers are only ever served for the
            // very content object they were computed from, so a race here costs a recomputation, never a wrong answer
            g = new Generation(content, new ConcurrentHashMap<>(), new AtomicLong());
            current = g;
        }
        if (g.answers.size() >= maxAnswers || g.bytes.addAndGet(size) > maxTotalBytes) {
            return false;
        }
        g.answers.putIfAbsent(Key.of(request), new Answer(entries, done, (int) size));
        return true;
    }

    /** Answers remembered for the current content. */
    public int size() {
        return current.answers.size();
    }

    private static byte[] encodeDone(LDAPResult r) {
        ASN1Buffer buffer = new ASN1Buffer();
        new SearchResultDoneProtocolOp(r.getResultCode().intValue(), r.getMatchedDN(), r.getDiagnosticMessage(), null)
                .writeTo(buffer);
        return buffer.toByteArray();
    }
}
