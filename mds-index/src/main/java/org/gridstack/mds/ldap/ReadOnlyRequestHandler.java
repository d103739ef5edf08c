package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.util.List;

import com.unboundid.ldap.listener.LDAPListenerClientConnection;
import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.protocol.AddRequestProtocolOp;
import com.unboundid.ldap.protocol.AddResponseProtocolOp;
import com.unboundid.ldap.protocol.DeleteRequestProtocolOp;
import com.unboundid.ldap.protocol.DeleteResponseProtocolOp;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.ModifyDNRequestProtocolOp;
import com.unboundid.ldap.protocol.ModifyDNResponseProtocolOp;
import com.unboundid.ldap.protocol.ModifyRequestProtocolOp;
import com.unboundid.ldap.protocol.ModifyResponseProtocolOp;
import com.unboundid.ldap.sdk.Control;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;

/**
 * Refuses every write (add, modify, delete, modify DN) with {@code unwillingToPerform} and a
 * message saying why, and passes everything else to the handler it wraps. The GRIS's entries
 * come from its providers, so nothing may write them. Thread-safe: holds no state of its own.
 */
@ThreadSafe
public final class ReadOnlyRequestHandler extends ForwardingRequestHandler {
    private final String reason;

    /** @param reason what the refusal says, e.g. "this GRIS is read-only: its entries come from its providers" */
    public ReadOnlyRequestHandler(LDAPListenerRequestHandler next, String reason) {
        super(next);
        this.reason = requireNonNull(reason, "reason is null");
    }

    @Override
    public LDAPListenerRequestHandler newInstance(LDAPListenerClientConnection connection) throws LDAPException {
        return new ReadOnlyRequestHandler(next.newInstance(connection), reason);
    }

    @Override
    public LDAPMessage processAddRequest(int messageID, AddRequestProtocolOp request, List<Control> controls) {
        return refusal(messageID, LDAPMessage.PROTOCOL_OP_TYPE_ADD_REQUEST, reason);
    }

    @Override
    public LDAPMessage processModifyRequest(int messageID, ModifyRequestProtocolOp request, List<Control> controls) {
        return refusal(messageID, LDAPMessage.PROTOCOL_OP_TYPE_MODIFY_REQUEST, reason);
    }

    @Override
    public LDAPMessage processDeleteRequest(int messageID, DeleteRequestProtocolOp request, List<Control> controls) {
        return refusal(messageID, LDAPMessage.PROTOCOL_OP_TYPE_DELETE_REQUEST, reason);
    }

    @Override
    public LDAPMessage processModifyDNRequest(int messageID, ModifyDNRequestProtocolOp request, List<Control> controls) {
        return refusal(messageID, LDAPMessage.PROTOCOL_OP_TYPE_MODIFY_DN_REQUEST, reason);
    }

    /**
     * The refusal of a write: the response to the write request of type {@code requestType} (an
     * {@code LDAPMessage.PROTOCOL_OP_TYPE_*_REQUEST} of add, modify, delete or modify DN) with
     * {@code unwillingToPerform} and {@code reason}. The one place writes are refused.
     */
    static LDAPMessage refusal(int messageID, byte requestType, String reason) {
        int code = ResultCode.UNWILLING_TO_PERFORM_INT_VALUE;
        return switch (requestType) {
            case LDAPMessage.PROTOCOL_OP_TYPE_ADD_REQUEST -> new LDAPMessage(messageID,
                    new AddResponseProtocolOp(code, null, reason, null));
            case LDAPMessage.PROTOCOL_OP_TYPE_MODIFY_REQUEST -> new LDAPMessage(messageID,
                    new ModifyResponseProtocolOp(code, null, reason, null));
            case LDAPMessage.PROTOCOL_OP_TYPE_DELETE_REQUEST -> new LDAPMessage(messageID,
                    new DeleteResponseProtocolOp(code, null, reason, null));
            case LDAPMessage.PROTOCOL_OP_TYPE_MODIFY_DN_REQUEST -> new LDAPMessage(messageID,
                    new ModifyDNResponseProtocolOp(code, null, reason, null));
            default -> throw new IllegalArgumentException("request type " + requestType + " is not a write");
        };
    }
}
