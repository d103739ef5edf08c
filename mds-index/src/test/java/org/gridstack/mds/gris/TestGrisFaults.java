package org.gridstack.mds.gris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.gridstack.mds.cache.CacheMode;
import org.gridstack.mds.cache.ProviderCache;
import org.gridstack.mds.provider.ExternalProgramProvider;
import org.gridstack.mds.provider.InformationProvider;
import org.gridstack.mds.provider.ProcessRunner;
import org.gridstack.mds.provider.ProviderSettings;
import org.gridstack.mds.provider.SyntheticProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.unboundid.asn1.ASN1OctetString;
import com.unboundid.ldap.sdk.AddRequest;
import com.unboundid.ldap.sdk.CompareRequest;
import com.unboundid.ldap.sdk.DeleteRequest;
import com.unboundid.ldap.sdk.DereferencePolicy;
import com.unboundid.ldap.sdk.ExtendedRequest;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPResult;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import com.unboundid.ldap.sdk.ModifyRequest;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchRequest;
import com.unboundid.ldap.sdk.SearchResult;
import com.unboundid.ldap.sdk.SearchScope;
import com.unboundid.ldap.sdk.SimpleBindRequest;

/**
 * Faults: a provider that hangs (killed at its timelimit; the search answers with the other
 * providers' data and says which provider is stale), a provider that prints broken LDIF, and a
 * few thousand randomised odd or malformed requests, after which the server still answers
 * correctly on the same connection and on new ones.
 */
class TestGrisFaults {
    @TempDir
    static Path dir;
    private static ProcessRunner runner;
    private static GrisServer gris;

    @BeforeAll
    static void start() throws Exception {
        runner = new ProcessRunner();
        Path hang = script("hang.sh", "if [ -f " + dir.resolve("ran-once") + " ]; then sleep 300; fi\ntouch "
                + dir.resolve("ran-once") + "\nprintf 'dn: cn=hang,Mds-Vo-name=local,o=Grid\\nobjectClass: extensibleObject\\n"
                + "cn: hang\\n\\n'\n");
        Path broken = script("broken.sh", "printf 'dn: cn=good,Mds-Vo-name=local,o=Grid\\nobjectClass: extensibleObject\\ncn: good\\n\\n"
                + "dn: cn=bad,Mds-Vo-name=local,o=Grid\\nno colon on this line\\n\\n"
                + "dn: cn=also-good,Mds-Vo-name=local,o=Grid\\nobjectClass: extensibleObject\\ncn: also-good\\n\\n'\n");
        GrisConfig config = GrisConfig.builder().port(0).build();
        List<InformationProvider> providers = List.of(
                new ExternalProgramProvider(new ProviderSettings("hang", Duration.ZERO, Duration.ofMillis(300), 0), hang,
                        List.of(), runner),
                new ExternalProgramProvider(ProviderSettings.of("broken"), broken, List.of(), runner),
                new SyntheticProvider(ProviderSettings.of("synthetic"), config.suffix(), 10, Clock.systemUTC()));
        gris = GrisServer.start(config, new ProviderCache(providers, CacheMode.AUTO, Clock.systemUTC()), null);
    }

    private static Path script(String name, String body) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @AfterAll
    static void stop() {
        if (gris != null) {
            gris.close();
        }
        if (runner != null) {
            runner.close();
        }
    }

    private static LDAPConnection connect() throws LDAPException {
        return new LDAPConnection("127.0.0.1", gris.port());
    }

    @Test
    void aHangingProviderIsServedStaleAndABrokenOneLosesOnlyItsBadRecord() throws Exception {
        try (LDAPConnection c = connect()) {
            SearchResult first = c.search("Mds-Vo-name=local,o=Grid", SearchScope.ONE, "(objectClass=*)", "1.1");
            assertEquals(13, first.getEntryCount(), "hang, good, also-good, ten synthetic: "
                    + first.getSearchEntries().stream().map(e -> e.getDN()).toList());
            // the second run of hang.sh sleeps: killed at 300 ms, its first data is served, flagged stale
            SearchResult second = c.search("Mds-Vo-name=local,o=Grid", SearchScope.ONE, "(objectClass=*)", "1.1");
            assertEquals(ResultCode.SUCCESS, second.getResultCode());
            assertEquals(13, second.getEntryCount());
            String diagnostic = second.getDiagnosticMessage();
            assertNotNull(diagnostic);
            assertTrue(diagnostic.contains("provider hang") && diagnostic.contains("serving its last data"), diagnostic);
        }
    }

    @Test
    void anOversizedRequestEndsOnlyItsOwnConnection() throws Exception {
        LDAPConnection big = connect();
        String huge = "x".repeat(512 * 1024);
        assertThrows(LDAPException.class, () -> big.search("Mds-Vo-name=local,o=Grid", SearchScope.SUB,
                Filter.createEqualityFilter("cn", huge)));
        big.close();
        try (LDAPConnection c = connect()) {
            assertEquals(1, c.search("Mds-Vo-name=local,o=Grid", SearchScope.ONE, "(cn=entry-3)").getEntryCount());
        }
    }

    @Test
    void unknownAttributesGetADiagnostic() throws Exception {
        try (LDAPConnection c = connect()) {
            SearchResult r = c.search("Mds-Vo-name=local,o=Grid", SearchScope.SUB, "(GlueNoSuchThing=1)", "AlsoMissing");
            assertEquals(ResultCode.SUCCESS, r.getResultCode());
            assertEquals(0, r.getEntryCount());
            assertTrue(r.getDiagnosticMessage().contains("GlueNoSuchThing") && r.getDiagnosticMessage().contains("AlsoMissing"),
                    r.getDiagnosticMessage());
        }
    }

    @Test
    void extensibleMatchFiltersAreRefusedWithInappropriateMatching() throws Exception {
        try (LDAPConnection c = connect()) {
            LDAPException e = org.junit.jupiter.api.Assertions.assertThrows(LDAPException.class,
                    () -> c.search("Mds-Vo-name=local,o=Grid", SearchScope.SUB, "(cn:caseExactMatch:=x)"));
            assertEquals(ResultCode.INAPPROPRIATE_MATCHING, e.getResultCode());
            assertTrue(e.getDiagnosticMessage().contains("extensible"), e.getDiagnosticMessage());
        }
    }

    @Test
    void thousandsOfRandomOddRequestsGetResultCodesAndTheServerStillAnswers() throws Exception {
        Random random = new Random(20031);
        Map<String, Integer> codes = new TreeMap<>();
        try (LDAPConnection c = connect()) {
            for (int i = 0; i < 3000; i++) {
                LDAPResult r = oddRequest(c, random);
                assertTrue(c.isConnected(), "request " + i + " dropped the connection");
                codes.merge(r.getResultCode().getName(), 1, Integer::sum);
            }
            assertTrue(codes.size() >= 6, "a variety of outcomes: " + codes);
            assertTrue(!codes.containsKey("server down") && !codes.containsKey("other"), codes.toString());
        }
        // raw garbage on fresh sockets: the server may close those, but must survive them
        for (int i = 0; i < 50; i++) {
            try (Socket s = new Socket("127.0.0.1", gris.port()); OutputStream out = s.getOutputStream()) {
                byte[] junk = new byte[1 + random.nextInt(200)];
                random.nextBytes(junk);
                if (i % 2 == 0) {
                    junk[0] = 0x30; // looks like the start of an LDAP message
                }
                out.write(junk);
                out.flush();
            } catch (java.io.IOException closedByServer) {
                // fine: an undecodable message ends its own connection
            }
        }
        try (LDAPConnection c = connect()) {
            SearchResult r = c.search("Mds-Vo-name=local,o=Grid", SearchScope.SUB, "(cn=entry-7)", "date");
            assertEquals(1, r.getEntryCount());
            assertNotNull(r.getSearchEntries().get(0).getAttributeValue("date"));
        }
    }

    private static final String[] BASES = {"Mds-Vo-name=local,o=Grid", "mds-vo-name=LOCAL,o=grid", "o=Grid", "o=glue",
        "", "cn=entry-3,Mds-Vo-name=local,o=Grid", "cn=nope,Mds-Vo-name=local,o=Grid", "dc=example,dc=com", "not a dn",
        "=,=", "cn=\\zz,o=Grid", "Mds-Vo-name=local,,o=Grid", "cn=a+cn=b,Mds-Vo-name=local,o=Grid"};
    private static final String[] ATTRIBUTES = {"cn", "date", "objectClass", "*", "+", "1.1", "GlueNothing", "cn;lang-en",
        "bad attr!", "", "2.5.4.3", "-x"};

    private static LDAPResult oddRequest(LDAPConnection c, Random random) {
        try {
            switch (random.nextInt(9)) {
                case 0, 1, 2, 3 -> {
                    String[] attrs = new String[random.nextInt(4)];
                    for (int i = 0; i < attrs.length; i++) {
                        attrs[i] = ATTRIBUTES[random.nextInt(ATTRIBUTES.length)];
                    }
                    SearchRequest s = new SearchRequest(BASES[random.nextInt(BASES.length)],
                            SearchScope.definedValueOf(random.nextInt(4)), DereferencePolicy.NEVER, random.nextInt(5),
                            random.nextInt(3), random.nextBoolean(), randomFilter(random, 3), attrs);
                    return c.search(s);
                }
                case 4 -> {
                    return c.compare(new CompareRequest(BASES[random.nextInt(BASES.length)], "cn", "entry-" + random.nextInt(12)));
                }
                case 5 -> {
                    return switch (random.nextInt(3)) {
                        case 0 -> c.add(new AddRequest("cn=x" + random.nextInt() + ",Mds-Vo-name=local,o=Grid",
                                new com.unboundid.ldap.sdk.Attribute("cn", "x")));
                        case 1 -> c.delete(new DeleteRequest(BASES[random.nextInt(BASES.length)]));
                        default -> c.modify(new ModifyRequest("cn=entry-1,Mds-Vo-name=local,o=Grid",
                                new Modification(ModificationType.REPLACE, "date", "never")));
                    };
                }
                case 6 -> {
                    return c.processExtendedOperation(new ExtendedRequest("1.2.3.4." + random.nextInt(100),
                            random.nextBoolean() ? null : new ASN1OctetString(new byte[random.nextInt(20)])));
                }
                case 7 -> {
                    // a bind changes the connection's identity; anonymous ones keep it usable
                    return c.bind(random.nextBoolean() ? new SimpleBindRequest() : new SimpleBindRequest("cn=someone", "pw"));
                }
                default -> {
                    return c.search("Mds-Vo-name=local,o=Grid", SearchScope.SUB, randomFilterText(random));
                }
            }
        } catch (LDAPException e) {
            return e.toLDAPResult();
        }
    }

    private static Filter randomFilter(Random random, int depth) {
        String attr = ATTRIBUTES[random.nextInt(ATTRIBUTES.length)];
        if (attr.isEmpty() || attr.equals("*") || attr.equals("+")) {
            attr = "cn";
        }
        int kind = depth == 0 ? 3 + random.nextInt(6) : random.nextInt(9);
        return switch (kind) {
            case 0 -> Filter.createANDFilter(randomFilter(random, depth - 1), randomFilter(random, depth - 1));
            case 1 -> Filter.createORFilter(randomFilter(random, depth - 1));
            case 2 -> Filter.createNOTFilter(randomFilter(random, depth - 1));
            case 3 -> Filter.createEqualityFilter(attr, "entry-" + random.nextInt(12));
            case 4 -> Filter.createSubstringFilter(attr, random.nextBoolean() ? "ent" : null, new String[] {"ry"}, null);
            case 5 -> Filter.createPresenceFilter(attr);
            case 6 -> Filter.createGreaterOrEqualFilter(attr, String.valueOf(random.nextInt(100)));
            case 7 -> Filter.createApproximateMatchFilter(attr, "entry-1");
            default -> Filter.createExtensibleMatchFilter(attr, random.nextBoolean() ? "2.5.13.2" : "9.9.9", false, "x");
        };
    }

    private static String randomFilterText(Random random) {
        String[] texts = {"(cn=entry-1)", "(&(cn=*)(!(cn=entry-2)))", "(|(date>=2000)(cn<=entry-5))", "(cn=*ntry*)",
            "(objectClass=extensibleObject)", "(&)", "(|)", "(cn=\\2a)"};
        return texts[random.nextInt(texts.length)];
    }
}
