package org.gridstack.mds.giis;

import static java.util.Objects.requireNonNull;

import java.util.List;

import org.gridstack.mds.registration.Registration;
import org.gridstack.mds.registration.RegistrationEntries;

import org.gridstack.mds.ldap.ForwardingRequestHandler;
import com.unboundid.ldap.listener.LDAPListenerClientConnection;
import com.unboundid.ldap.listener.LDAPListenerRequestHandler;
import com.unboundid.ldap.protocol.AddRequestProtocolOp;
import com.unboundid.ldap.protocol.AddResponseProtocolOp;
import com.unboundid.ldap.protocol.LDAPMessage;
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
public final class RegistrationRequestHandler extends ForwardingRequestHandler {

    private final RegistrationDesk desk;
    private final String clientAddress;

    public RegistrationRequestHandler(LDAPListenerRequestHandler next, RegistrationDesk desk) {
        this(next, desk, null);
    }

    private RegistrationRequestHandler(LDAPListenerRequestHandler next, RegistrationDesk desk, String clientAddress) {
        super(next);
        this.desk = requireNonNull(desk, "desk is null");
        this.clientAddress = clientAddress;
    }

    @Override
    public LDAPListenerRequestHandler newInstance(LDAPListenerClientConnection connection) throws LDAPException {
        String address = connection.getSocket().getInetAddress().getHostAddress();
        return new RegistrationRequestHandler(next.newInstance(connection), desk, address);
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
            return add(messageID, e.getResultCode(), e.getMessage());
        }
    }

    private static LDAPMessage add(int messageID, ResultCode code, String message) {
        return new LDAPMessage(messageID, new AddResponseProtocolOp(code.intValue(), null, message, null));
    }

}
