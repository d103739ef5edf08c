package org.gridstack.grim.store.ldap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Map;

import org.gridstack.grim.ops.Defaults;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.schema.GrimLdapSchema;
import org.gridstack.grim.store.OperationResult;
import org.gridstack.testing.SlapdProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@link LdapBackendChecks} against a real OpenLDAP slapd (Debian's package) with GRIM's own
 * schema files, loaded over LDAP; plus: both servers answer with the same requests and rows.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestSlapdLdapBackend extends LdapBackendChecks {
    private SlapdProcess slapd;
    private LdapBackend backend;
    private LdapBackend inMemory;

    @BeforeAll
    void start() throws IOException {
        SlapdProcess.Options o = SlapdProcess.options("grim").suffix(GlueDit.SUFFIX).root(LdapBackend.DEFAULT_BIND_DN, "grim-test-secret")
                .equalityIndexes(GlueDit.equalityIndexAttributes().stream().filter(a -> !a.equalsIgnoreCase("objectClass")).toList());
        for (String f : GrimLdapSchema.files()) {
            o.schema(f, GrimLdapSchema.text(f));
        }
        slapd = o.start();
        try {
            backend = LdapBackend.external(slapd.url(), slapd.rootDn(), slapd.rootPassword());
            backend.load(DATA);
            inMemory = LdapBackend.inMemory();
            inMemory.load(DATA);
        } catch (RuntimeException e) {
            stop();
            throw new IllegalStateException(e.getMessage() + "\n" + slapd.logs(), e);
        }
    }

    @AfterAll
    void stop() {
        if (backend != null) {
            backend.close();
        }
        if (inMemory != null) {
            inMemory.close();
        }
        if (slapd != null) {
            slapd.close();
        }
    }

    @Override
    LdapBackend backend() {
        return backend;
    }

    @Test
    @Order(6)
    void bothServersSendTheSameRequestsAndReturnTheSameRows() {
        for (Operation op : Operation.values()) {
            if (op == Operation.UPDATE || op == Operation.CONNECT) {
                continue;
            }
            Map<String, Object> p = Defaults.of(op, DATA.count(org.gridstack.grim.model.GlueModel.CONNECTION));
            for (Mode mode : Mode.values()) {
                OperationResult a = backend.execute(op, mode, p);
                OperationResult b = inMemory.execute(op, mode, p);
                assertEquals(b.rows(), a.rows(), op.label() + " " + mode);
                assertEquals(b.requests(), a.requests(), op.label() + " " + mode);
            }
        }
    }
}
