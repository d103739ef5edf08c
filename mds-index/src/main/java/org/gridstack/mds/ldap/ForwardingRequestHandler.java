package org.gridstack.mds.ldap;

import static java.util.Objects.requireNonNull;

import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.protocol.AbandonRequestProtocolOp;
import com.unboundid.ldap.protocol.AddRequestProtocolOp;
import com.unboundid.ldap.protocol.BindRequestProtocolOp;
import com.unboundid.ldap.protocol.CompareRequestProtocolOp;
import com.unboundid.ldap.protocol.DeleteRequestProtocolOp;
import com.unboundid.ldap.protocol.ExtendedRequestProtocolOp;
import com.unboundid.ldap.protocol.LDAPMessage;
import com.unboundid.ldap.protocol.ModifyDNRequestProtocolOp;
import com.unboundid.ldap.protocol.ModifyRequestProtocolOp;
import com.unboundid.ldap.protocol.SearchRequestProtocolOp;
import com.unboundid.ldap.protocol.UnbindRequestProtocolOp;
import com.unboundid.ldap.sdk.Control;
import java.util.List;

/**
 * A request handler that wraps another and passes every request on to it unchanged: the base of
 * the listener's small wrapping handlers (read-only, fair share, registration), each of which
 * overrides only the requests its one concern is about, plus {@code newInstance} to wrap the next
 * handler's per-connection instance. Thread-safety is that of the wrapped handler.
 */
public abstract class ForwardingRequestHandler extends LDAPListenerRequestHandler {
    /** The handler every request not overridden goes to. */
    @SuppressWarnings("ThreadSafe") // shared chains are only asked for instances (newInstance); an instance serves one connection
    protected final LDAPListenerRequestHandler next;

    protected ForwardingRequestHandler(LDAPListenerRequestHandler next) {
        this.next = requireNonNull(next, "next is null");
    }

    @Override
    public void closeInstance() {
        next.closeInstance();
    }

    @Override
    public LDAPMessage processAddRequest(int messageID, AddRequestProtocolOp request, List<Control> controls) {
        return next.processAddRequest(messageID, request, controls);
    }

    @Override
    public LDAPMessage processBindRequest(int messageID, BindRequestProtocolOp request, List<Control> controls) {
        return next.processBindRequest(messageID, request, controls);
    }

    @Override
    public LDAPMessage processCompareRequest(int messageID, CompareRequestProtocolOp request, List<Control> controls) {
        return next.processCompareRequest(messageID, request, controls);
    }

    @Override
    public LDAPMessage processDeleteRequest(int messageID, DeleteRequestProtocolOp request, List<Control> controls) {
        return next.processDeleteRequest(messageID, request, controls);
    }

    @Override
    public LDAPMessage processExtendedRequest(int messageID, ExtendedRequestProtocolOp request, List<Control> controls) {
        return next.processExtendedRequest(messageID, request, controls);
    }

    @Override
    public LDAPMessage processModifyRequest(int messageID, ModifyRequestProtocolOp request, List<Control> controls) {
        return next.processModifyRequest(messageID, request, controls);
    }

    @Override
    public LDAPMessage processModifyDNRequest(int messageID, ModifyDNRequestProtocolOp request, List<Control> controls) {
        return next.processModifyDNRequest(messageID, request, controls);
    }

    @Override
    public LDAPMessage processSearchRequest(int messageID, SearchRequestProtocolOp request, List<Control> controls) {
        return next.processSearchRequest(messageID, request, controls);
    }

    @Override
    public void processAbandonRequest(int messageID, AbandonRequestProtocolOp request, List<Control> controls) {
        next.processAbandonRequest(messageID, request, controls);
    }

    @Override
    public void processUnbindRequest(int messageID, UnbindRequestProtocolOp request, List<Control> controls) {
        next.processUnbindRequest(messageID, request, controls);
    }
}
