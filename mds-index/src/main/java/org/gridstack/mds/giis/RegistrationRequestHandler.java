package org.gridstack.mds.giis;

import static java.util.Objects.requireNonNull;

import java.util.List;

import org.gridstack.mds.registration.Registration;
import org.gridstack.mds.registration.RegistrationEntries;

import com.unboundid.ldap.listener.LDAPListenerClientConnection;
import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.protocol.AbandonRequestProtocolOp;
import com.unboundid.ldap.protocol.AddRequestProtocolOp;
import com.unboundid.ldap.protocol.AddResponseProtocolOp;
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
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;

/**
 * Takes MDS2-style registrations: an add whose DN starts with {@code Mds-Vo-Op-name=register}
 * is parsed ({@link RegistrationEntries}) and given to the {@link RegistrationDesk}
 * ({@code insufficientAccessRights} when the policy refuses it, {@code adminLimitExceeded} when
 * the GIIS is full); a renewal is the same add again. Every other request goes to the wrapped handler. One instance per
 * connection (it knows the client's address); the shared parts are thread-safe.
 */
public final class RegistrationRequestHandler extends LDAPListenerRequestHandler {

    private final LDAPListenerRequestHandler next;
    private final RegistrationDesk desk;
    private final String clientAddress;

    public RegistrationRequestHandler(LDAPListenerRequestHandler next, RegistrationDesk desk) {
        this(next, desk, null);
    }

    private RegistrationRequestHandler(LDAPListenerRequestHandler next, RegistrationDesk desk, String clientAddress) {
        this.next = requireNonNull(next, "next is null");
        this.desk = requireNonNull(desk, "desk is null");
        this.clientAddress = clientAddress;
    }

    @Override
    public LDAPListenerRequestHandler newInstance(LDAPListenerClientConnection connection) throws LDAPException {
        String address = connection.getSocket().getInetAddress().getHostAddress();
        return new RegistrationRequestHandler(next.newInstance(connection), desk, address);
    }

    @Override
    public void closeInstance() {
        next.closeInstance();
    }

    @Override
    public LDAPMessage processAddRequest(int messageID, AddRequestProtocolOp request, List<Control> controls) {
        DN dn;
        try {
            dn = new DN(request.getDN());
        } catch (LDAPException e) {
            return add(messageID, ResultCode.INVALID_DN_SYNTAX, "'" + request.getDN() + "' is not a valid DN");
        }
        if (!RegistrationEntries.isRegistration(dn)) {
            return next.processAddRequest(messageID, request, controls);
        }
        try {
            Registration r = RegistrationEntries.parse(request.toAddRequest(null).toEntry(), clientAddress);
            desk.accept(r, clientAddress);
            return add(messageID, ResultCode.SUCCESS, "registered " + r.key() + " for " + r.ttl().toSeconds() + " s");
        } catch (RegistrationDesk.Refused e) {
            return add(messageID, e.reason() == RegistrationDesk.Refused.Reason.POLICY
                    ? ResultCode.INSUFFICIENT_ACCESS_RIGHTS : ResultCode.ADMIN_LIMIT_EXCEEDED, e.getMessage());
        } catch (LDAPException e) {
            return add(messageID, e.getResultCode(), e.getExceptionMessage());
        }
    }

    private static LDAPMessage add(int messageID, ResultCode code, String message) {
        return new LDAPMessage(messageID, new AddResponseProtocolOp(code.intValue(), null, message, null));
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
