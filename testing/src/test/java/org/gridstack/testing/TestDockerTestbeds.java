package org.gridstack.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The images and compose files under docker/, checked without a Docker engine (CI has none):
 * everything they reference exists and agrees ({@link DockerTestbedCheck} lists the rules), and
 * the checker itself finds each kind of mistake in a small broken repository.
 */
class TestDockerTestbeds {
    private static final Path REPO = Path.of("").toAbsolutePath().getParent();

    @Test
    void everyComposeFileAndDockerfileChecksOut() throws IOException {
        List<String> problems = new DockerTestbedCheck(REPO).checkRepository();
        assertEquals(List.of(), problems, "docker/ problems:\n" + String.join("\n", problems));
    }

    @Test
    void everyServiceHasAnImage() throws IOException {
        for (String image : List.of("frontier-servlet", "frontier-servlet-war", "frontier-client", "squid", "grim-service", "basex",
                "slapd", "mds-gris", "mds-giis", "mds-xml-index", "bdii", "dqp-data-service", "dqp-evaluator", "dqp-entropy",
                "dqp-coordinator", "rgma", "hawkeye-manager", "hawkeye-agent", "secrets", "base")) {
            assertTrue(Files.isRegularFile(REPO.resolve("docker").resolve(image).resolve("Dockerfile")), image + " has no Dockerfile");
        }
    }

    @Test
    void findsEachKindOfMistake(@TempDir Path repo) throws IOException {
        Files.writeString(repo.resolve("pom.xml"), "<artifactId>gridstack-parent</artifactId><version>1</version>");
        Path docker = Files.createDirectories(repo.resolve("docker"));
        Files.createDirectories(docker.resolve("app"));
        Files.writeString(docker.resolve("app/Dockerfile"), String.join("\n",
                "FROM debian:bookworm-slim",
                "COPY app/target/app.jar /opt/",          // no such module
                "COPY docker/app/missing.sh /usr/local/bin/",
                "ENV DB_PASSWORD=demo",
                "EXPOSE 8080"));                            // no USER, no HEALTHCHECK
        // a shared base image and images built on it (FROM base, the context a compose service gives them)
        Files.createDirectories(docker.resolve("jre"));
        Files.writeString(docker.resolve("jre/Dockerfile"), "FROM debian:bookworm-slim\nUSER app\nHEALTHCHECK NONE\n");
        Files.createDirectories(docker.resolve("svc"));
        Files.writeString(docker.resolve("svc/Dockerfile"), "FROM base\nEXPOSE 7000\nHEALTHCHECK CMD true\n");
        Files.createDirectories(docker.resolve("unused"));
        Files.writeString(docker.resolve("unused/Dockerfile"), "FROM debian\nUSER app\nHEALTHCHECK NONE\n");
        Files.writeString(docker.resolve("site.yaml"), String.join("\n",
                "services:",
                "  app:",
                "    build: {context: .., dockerfile: docker/app/Dockerfile}",
                "    environment:",
                "      DB_PASSWORD: admin",
                "      DB_URL: jdbc:postgresql://db:5433/x",
                "    volumes: [./nothing.sql:/init.sql]",
                "    ports: ['9000:9000']",
                "    depends_on:",
                "      db: {condition: service_healthy}",
                "      ghost: {condition: service_started}",
                "  db:",
                "    image: mysql:8",
                "  other:",
                "    build: {context: ., dockerfile: app/Dockerfile}",
                "    user: root",
                "  jre:",
                "    build: {context: .., dockerfile: docker/jre/Dockerfile}",
                "  svc:",
                "    build: {context: .., dockerfile: docker/svc/Dockerfile, additional_contexts: {base: 'service:jre'}}",
                "    ports: ['7000:7000']",
                "  lost:",
                "    build: {context: .., dockerfile: docker/svc/Dockerfile}",
                "  orphan:",
                "    build: {context: .., dockerfile: docker/svc/Dockerfile, additional_contexts: {base: 'service:nobody'}}"));
        Files.writeString(docker.resolve("ds.xml"), "<Resource password=\"reader\"/>");
        Files.writeString(docker.resolve("init.sql"), "CREATE ROLE r LOGIN PASSWORD 'reader';");
        String all = String.join("\n", new DockerTestbedCheck(repo).checkRepository());
        for (String expected : List.of(
                "docker/app/Dockerfile: the image runs as root",
                "docker/app/Dockerfile: no HEALTHCHECK",
                "COPY app/target/app.jar does not exist",
                "COPY docker/app/missing.sh does not exist",
                "ENV/ARG DB_PASSWORD would bake a secret",
                "docker/unused/Dockerfile: used by no compose file",
                "service app: DB_PASSWORD holds a secret",
                "service app: refers to db:5433",
                "service app: mounts ./nothing.sql",
                "service app: publishes container port 9000",
                "service app: waits for db to be healthy, which has no health check",
                "service app: depends on ghost",
                "service db: image mysql:8 is neither built from this repository",
                "service other: build context . is not the repository root",
                "service other: runs as root",
                "service lost: FROM base is neither a tagged image, an earlier stage nor an additional context",
                "service orphan: additional context base refers to service nobody, which is not a service here",
                "docker/ds.xml: a literal secret",
                "docker/init.sql: a literal secret")) {
            assertTrue(all.contains(expected), "expected a problem '" + expected + "' in:\n" + all);
        }
        // built on the base, svc has its USER; the base itself is a one-shot (HEALTHCHECK NONE, no ports)
        for (String unexpected : List.of("docker/svc/Dockerfile: the image runs as root", "service svc:", "service jre:")) {
            assertFalse(all.contains(unexpected), "did not expect '" + unexpected + "' in:\n" + all);
        }
    }
}
