package org.gridstack.rgma.web;

import static java.util.Objects.requireNonNull;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.InetAddress;

import org.gridstack.rgma.sql.RgmaException;
import org.gridstack.service.admission.AddressShare;
import org.gridstack.service.admission.ClientAddressResolver;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Per-address bounds of the anonymous side: queries running at once and continuous streams open,
 * each an {@link AddressShare} keyed on the client address {@link ClientAddressResolver} trusts.
 * Thread-safe.
 */
@ThreadSafe
public final class Admission {
    private final ClientAddressResolver resolver;
    private final AddressShare queries;
    private final AddressShare streams;

    public Admission(ClientAddressResolver resolver, int queriesPerAddress, int streamsPerAddress) {
        this.resolver = requireNonNull(resolver, "resolver is null");
        this.queries = new AddressShare(queriesPerAddress);
        this.streams = new AddressShare(streamsPerAddress);
    }

    /** The request's client address. */
    public InetAddress client(HttpServletRequest request) {
        return resolver.clientAddress(request);
    }

    /** A query slot for the request's address, or a 429. */
    public AddressShare.Slot query(HttpServletRequest request) {
        return enter(queries, request, "queries running");
    }

    /** A stream slot for the request's address, or a 429. */
    public AddressShare.Slot stream(HttpServletRequest request) {
        return enter(streams, request, "continuous streams open");
    }

    private AddressShare.Slot enter(AddressShare share, HttpServletRequest request, String what) {
        InetAddress client = client(request);
        AddressShare.Slot slot = share.tryEnter(client);
        if (slot == null) {
            throw new RgmaException(429, "address " + client.getHostAddress() + " already has " + share.perAddress() + " "
                    + what + "; wait for one to finish");
        }
        return slot;
    }
}
