package org.gridstack.grim.store.ldap;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/** {@link LdapBackendChecks} against UnboundID's in-memory directory server on a real socket. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestLdapBackend extends LdapBackendChecks {
    private LdapBackend backend;

    @BeforeAll
    void start() {
        backend = LdapBackend.inMemory();
        backend.load(DATA);
    }

    @AfterAll
    void stop() {
        if (backend != null) {
            backend.close();
        }
    }

    @Override
    LdapBackend backend() {
        return backend;
    }
}
