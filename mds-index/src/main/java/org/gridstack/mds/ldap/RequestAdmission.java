package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.unboundid.asn1.ASN1StreamReader;
import com.unboundid.ldap.protocol.ExtendedResponseProtocolOp;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.SearchResultDoneProtocolOp;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import java.io.ByteArrayInputStream;
import java.util.Arrays;

/**
 * Decides what happens to one whole request (one BER element, as read from a connection) before
 * a handler sees it, for both listeners: a request whose BER elements nest deeper than
 * {@link ConnectionLimits#maxNesting()} never reaches the SDK's recursive decoder (a search gets
 * {@code protocolError} "filter nested too deeply", as slapd says, and the connection goes on; any
 * other request that deep ends the connection with a Notice of Disconnection); a request that
 * does not decode as an LDAP message ends the connection with a Notice of Disconnection with
 * {@code protocolError} (slapd's answer); any other request is decoded with the SDK's own
 * {@link LDAPMessage#readFrom}. Each refusal is one log line. The depth is measured without
 * recursion ({@link BerNesting}). Stateless; thread-safe.
 */
@ThreadSafe
final class RequestAdmission {
    /** The OID of the Notice of Disconnection (RFC 4511 section 4.4.1). */
    static final String NOTICE_OF_DISCONNECTION = "1.3.6.1.4.1.1466.20036";
    private static final Logger log = LoggerFactory.getLogger(RequestAdmission.class);
    private static final int SEQUENCE = 0x30;
    private static final int SEARCH_REQUEST = 0x63;
    private static final int EXTENDED_RESPONSE = 0x78;

    /**
     * What to do with one request.
     *
     * @param request the decoded request to hand to the handlers; null when it was refused
     * @param answer  bytes to send in its place (refused, the connection goes on); null otherwise
     * @param notice  a Notice of Disconnection to send before the connection ends; null otherwise
     */
    record Verdict(LDAPMessage request, byte[] answer, byte[] notice) {
    }

    private final int maxNesting;

    RequestAdmission(int maxNesting) {
        this.maxNesting = maxNesting;
    }

    /** The verdict on {@code request} (one whole BER element) from the client at {@code from}. */
    Verdict admit(byte[] request, String from) {
        requireNonNull(request, "request is null");
        int depth = BerNesting.depth(request, maxNesting);
        if (depth <= maxNesting) {
            try {
                return new Verdict(LDAPMessage.readFrom(new ASN1StreamReader(new ByteArrayInputStream(request)), true),
                        null, null);
            } catch (LDAPException | RuntimeException e) {
                log.info("closing a connection from {}: a request of {} bytes does not decode as LDAP", from, request.length);
                return new Verdict(null, null, notice(ResultCode.PROTOCOL_ERROR, "the request does not decode as an LDAP message"));
            }
        }
        int[] idAndOp = BerNesting.messageIdAndOperation(request);
        if (request[0] != SEQUENCE || idAndOp == null || idAndOp[1] != SEARCH_REQUEST) {
            log.warn("closing a connection from {}: a request of {} bytes nests deeper than {}", from, request.length,
                    maxNesting);
            return new Verdict(null, null, notice(ResultCode.PROTOCOL_ERROR,
                    "request nested too deeply (at most " + maxNesting + " levels)"));
        }
        log.warn("refused a search from {} whose filter nests deeper than {} ({} bytes)", from, maxNesting, request.length);
        byte[] answer = new LDAPMessage(idAndOp[0], new SearchResultDoneProtocolOp(ResultCode.PROTOCOL_ERROR_INT_VALUE,
                null, "filter nested too deeply (at most " + maxNesting + " levels)", null)).encode().encode();
        return new Verdict(null, answer, null);
    }

    /** An encoded Notice of Disconnection (message ID 0) with {@code code} and {@code message}; see {@link #noticeOp}. */
    static byte[] notice(ResultCode code, String message) {
        return new LDAPMessage(0, noticeOp(code, message)).encode().encode();
    }

    /**
     * {@code b[off..off+len)} with its Notice of Disconnection's result code made one RFC 4511
     * names for it, when it is one whole notice (message ID 0, an extended response with the
     * notice's OID) with another code (the SDK's listener ends a connection with its client-side
     * codes: 84 decodingError becomes {@code protocolError}, 82 localError {@code other}, any other
     * {@code unavailable}); null when the bytes are anything else or already right.
     */
    static byte[] onTheWire(byte[] b, int off, int len) {
        int[] idAndOp = BerNesting.messageIdAndOperation(Arrays.copyOfRange(b, off, off + Math.min(len, 16)));
        if (idAndOp == null || idAndOp[0] != 0 || idAndOp[1] != EXTENDED_RESPONSE) {
            return null;
        }
        LDAPMessage m;
        try {
            m = LDAPMessage.readFrom(new ASN1StreamReader(new ByteArrayInputStream(b, off, len)), true);
        } catch (LDAPException | RuntimeException e) {
            return null;
        }
        if (m == null || m.getProtocolOpType() != LDAPMessage.PROTOCOL_OP_TYPE_EXTENDED_RESPONSE) {
            return null;
        }
        ExtendedResponseProtocolOp op = m.getExtendedResponseProtocolOp();
        int code = op.getResultCode();
        if (!NOTICE_OF_DISCONNECTION.equals(op.getResponseOID()) || code == ResultCode.PROTOCOL_ERROR_INT_VALUE
                || code == ResultCode.UNAVAILABLE_INT_VALUE || code == ResultCode.OTHER_INT_VALUE) {
            return null;
        }
        ResultCode wire = code == ResultCode.DECODING_ERROR_INT_VALUE ? ResultCode.PROTOCOL_ERROR
                : code == ResultCode.LOCAL_ERROR_INT_VALUE ? ResultCode.OTHER : ResultCode.UNAVAILABLE;
        return notice(wire, op.getDiagnosticMessage());
    }

    /**
     * The operation of a Notice of Disconnection: {@code code} is one RFC 4511 names for it,
     * {@code protocolError} (the client sent what the server cannot go on from) or
     * {@code unavailable} (the server is stopping, or cannot serve the connection on), or
     * {@code other} (a failure of the server's own); never one of the SDK's client-side codes
     * (81 serverDown, 82 localError, 84 decodingError, ...), which do not exist on the wire.
     */
    static ExtendedResponseProtocolOp noticeOp(ResultCode code, String message) {
        if (code != ResultCode.PROTOCOL_ERROR && code != ResultCode.UNAVAILABLE && code != ResultCode.OTHER) {
            throw new IllegalArgumentException("a Notice of Disconnection does not carry " + code);
        }
        return new ExtendedResponseProtocolOp(code.intValue(), null, message, null, NOTICE_OF_DISCONNECTION, null);
    }
}
