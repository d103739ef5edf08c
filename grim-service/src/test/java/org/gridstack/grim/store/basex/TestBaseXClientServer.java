package org.gridstack.grim.store.basex;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.basex.BaseXServer;
import org.basex.api.client.LocalSession;
import org.basex.core.Context;
import org.basex.core.StaticOptions;
import org.gridstack.grim.model.GlueModel;
import org.gridstack.grim.ops.Mode;
import org.gridstack.grim.ops.Operation;
import org.gridstack.grim.store.QueryLimits;
import org.gridstack.grim.store.Update;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same checks through a real BaseX server started in-process on a free port (ClientSession mode). */
class TestBaseXClientServer {
    @TempDir
    static Path dir;
    static Context serverContext;
    static BaseXServer server;
    static BaseXBackend backend;

    @BeforeAll
    static void start() throws Exception {
        StaticOptions options = new StaticOptions(false);
        options.set(StaticOptions.DBPATH, dir.resolve("server-db").toString());
        serverContext = new Context(options);
        try (LocalSession s = new LocalSession(serverContext)) {
            s.execute("ALTER PASSWORD admin test-secret");
        }
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        server = new BaseXServer(serverContext, "-p" + port, "-q");
        backend = new BaseXBackend(BaseXSettings.client("localhost", port, "admin", "test-secret"));
        backend.load(BaseXTestData.SMALL);
    }

    @AfterAll
    static void stop() throws Exception {
        backend.close();
        server.stop();
        serverContext.close();
    }

    @Test
    void everyOperationAnswersLikeTheReference() {
        assertEquals(BaseXTestData.contents(BaseXTestData.SMALL), BaseXTestData.contents(backend.snapshot()));
        for (Operation op : Operation.values()) {
            if (op != Operation.UPDATE) {
                TestBaseXBackend.checkOperation(backend, BaseXTestData.SMALL, op, BaseXTestData.defaults(BaseXTestData.SMALL, op));
            }
        }
        assertContains("apply attribute index", backend.queryInfo(backend.bestQuery(Operation.INDEXED, BaseXTestData.defaults(BaseXTestData.SMALL, Operation.INDEXED))));
    }

    @Test
    void updatesAndNativeQueriesGoThroughTheServer() {
        backend.apply(List.of(Update.set(GlueModel.HOST, "host-000002", Map.of("load_last_1min", 321L))));
        assertEquals(321L, backend.execute(Operation.HOST_LOOKUP, Mode.FAITHFUL, Map.of("host", "host-000002")).rows().get(0).get(2));
        assertEquals(List.of(List.of(1L)), backend.execute(Operation.UPDATE, Mode.BEST, Map.of("host", "host-000002", "value", 5L)).rows());
        assertEquals(422, TestBaseXNativeQuery.grim(() -> backend.nativeQuery("db:drop('grim')", QueryLimits.DEFAULT)).status());
        assertEquals(422, TestBaseXNativeQuery.grim(() -> backend.nativeQuery("file:list('/')", QueryLimits.DEFAULT)).status());
        assertContainsExactly(List.of(List.of("5")), backend.nativeQuery("db:get('grim', 'host')/*/GlueHost[@GlueHostUniqueID = 'host-000002']/@GlueHostProcessorLoadLast1Min/string()",
                QueryLimits.DEFAULT).rows());
    }
}
