package org.gridstack.grim.store.basex;

import static org.gridstack.testing.ContainmentAssertions.assertContains;
import static org.gridstack.testing.ContainmentAssertions.assertContainsExactly;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden file (Calcite DiffRepository style) of the XML export of a tiny dataset (scale 0.005: the
 * generator does not terminate below about 0.005): the reviewed
 * expectation is src/test/resources/basex/export-0.005.xml; on a difference the actual output is
 * written to target/basex/export-0.005.actual.xml so {@code diff} explains the failure.
 */
class TestBaseXXmlExport {
    private static final String GOLDEN = "/basex/export-0.005.xml";

    @Test
    void exportOfATinyDatasetMatchesTheGoldenFile() throws IOException {
        Dataset tiny = new GlueDataGenerator(42, 0.005).generate();
        StringBuilder actual = new StringBuilder();
        new XmlExporter().documents(tiny).forEach((path, text) -> actual.append("=== ").append(path).append(" ===\n").append(text));
        String expected;
        try (InputStream in = getClass().getResourceAsStream(GOLDEN)) {
            expected = in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!actual.toString().equals(expected)) {
            Path out = Path.of("target", "basex", "export-0.005.actual.xml");
            Files.createDirectories(out.getParent());
            Files.writeString(out, actual, StandardCharsets.UTF_8);
            throw new AssertionError("XML export differs from src/test/resources" + GOLDEN + "; actual output written to "
                    + out.toAbsolutePath() + " (diff them; copy it over the golden file if the change is intended)");
        }
    }

    @Test
    void layoutGroupsHostsPerClusterAndStorageElementsPerSiteAndLeavesNullsOut(@TempDir Path dir) throws IOException {
        Dataset d = new Dataset();
        d.add(GlueModel.SITE, "site/1 & \"x\"", "Site", null, null, null);
        d.add(GlueModel.HOST, "h1", "n1", "cluster-001", null, null, null, null, null, null, null, null, null, null);
        d.add(GlueModel.HOST, "h2", "n2", null, null, null, null, null, null, null, null, null, null, null);
        List<String> paths = new XmlExporter().export(d, dir);
        assertContainsExactly(List.of("host/cluster/cluster-001.xml", "host/unscoped.xml", "site/all.xml"), paths);
        String site = Files.readString(dir.resolve("site/all.xml"));
        assertContains("<GlueSite GlueSiteUniqueID=\"site/1 &amp; &quot;x&quot;\" GlueSiteName=\"Site\"/>", site);
        String cluster = Files.readString(dir.resolve("host/cluster/cluster-001.xml"));
        assertContains("<GrimCollection name=\"host\" scope=\"GlueClusterUniqueID\" value=\"cluster-001\">", cluster);
        assertContains("<GlueHost GlueHostUniqueID=\"h1\" GlueHostName=\"n1\" GlueClusterUniqueID=\"cluster-001\"/>", cluster);
        assertEquals("storage_element/site/a%2Fb%20c.xml", XmlLayout.scopePath(GlueModel.collection(GlueModel.STORAGE_ELEMENT), "a/b c"));
    }
}
