package org.gridstack.mds.xmlindex;

import com.google.errorprone.annotations.ThreadSafe;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.RemoteLdapProvider;

import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPURL;

/**
 * Makes the {@link XmlSource} for a registration's URL: {@code ldap://host:port/base} reads an
 * LDAP subtree (a GRIS, GIIS or BDII) and turns it into XML ({@link EntriesAsXml}), so the same
 * GRIS data is reachable over XPath; {@code http://} and {@code https://} fetch an XML document
 * (up to {@code maxBytes}). Anything else is an {@link IllegalArgumentException} naming the
 * forms. Thread-safe.
 */
@ThreadSafe
public final class XmlSources {
    private final HttpClient http;
    private final int maxBytes;

    public XmlSources(Duration connectTimeout, int maxBytes) {
        this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).followRedirects(HttpClient.Redirect.NEVER).build();
        this.maxBytes = maxBytes;
    }

    public XmlSource forUrl(String url, Duration timeout) {
        if (url.startsWith("ldap://")) {
            LDAPURL u;
            try {
                u = new LDAPURL(url);
            } catch (LDAPException e) {
                throw new IllegalArgumentException("'" + url + "' is not an LDAP URL: " + e.getExceptionMessage());
            }
            if (!u.hostProvided() || u.getBaseDN().isNullDN()) {
                throw new IllegalArgumentException("'" + url + "' needs a host and a base DN, e.g."
                        + " ldap://gris.example.org:2135/Mds-Vo-name=local,o=Grid");
            }
            RemoteLdapProvider ldap = new RemoteLdapProvider(new ProviderSettings(url, Duration.ZERO, timeout, 0),
                    u.getHost(), u.getPort(), u.getBaseDN(), null);
            EntriesAsXml xml = new EntriesAsXml();
            return () -> xml.write(url, ldap.collect().entries());
        }
        if (url.startsWith("http://") || url.startsWith("https://")) {
            URI uri;
            try {
                uri = URI.create(url);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + url + "' is not a URL: " + e.getMessage());
            }
            return () -> {
                HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(uri).timeout(timeout).GET().build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                if (r.statusCode() != 200) {
                    throw new IllegalStateException(url + " answered HTTP " + r.statusCode());
                }
                if (r.body().length > maxBytes) {
                    throw new IllegalStateException(url + " sent " + r.body().length + " bytes, more than " + maxBytes);
                }
                return new String(r.body(), StandardCharsets.UTF_8);
            };
        }
        throw new IllegalArgumentException("'" + url + "' is neither ldap://host:port/base nor an http(s) URL");
    }
}
