package org.gridstack.mds.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The BDII's gip folder and MDS2's grid-info-resource-ldif.conf turned into providers. */
class TestProviderLayouts {
    private static final ProcessRunner runner = new ProcessRunner();

    @AfterAll
    static void stop() {
        runner.close();
    }

    @Test
    void aBdiiGipFolderGivesOneProviderPerScriptAndLdifFile(@TempDir Path gip) throws Exception {
        Files.createDirectories(gip.resolve("provider"));
        Files.createDirectories(gip.resolve("ldif"));
        TestExternalProgramProvider.script(gip.resolve("provider"), "glite-info-provider-ce",
                "printf 'dn: GlueCEUniqueID=x,mds-vo-name=resource,o=grid\\nGlueCEUniqueID: x\\n\\n'\n");
        Files.writeString(gip.resolve("provider/README"), "not executable, not a provider");
        Files.writeString(gip.resolve("ldif/static-file-Site.ldif"), "dn: GlueSiteUniqueID=s,mds-vo-name=resource,o=grid\n"
                + "GlueSiteUniqueID: s\n");
        Files.writeString(gip.resolve("ldif/notes.txt"), "ignored");
        List<InformationProvider> ps = new BdiiProviderLayout(ProviderSettings.of("s"), ProviderSettings.of("l"), runner)
                .load(gip);
        assertEquals(2, ps.size());
        assertEquals("provider/glite-info-provider-ce", ps.get(0).settings().name());
        assertEquals("ldif/static-file-Site.ldif", ps.get(1).settings().name());
        assertEquals("x", ps.get(0).collect().entries().get(0).getAttributeValue("GlueCEUniqueID"));
        assertEquals("s", ps.get(1).collect().entries().get(0).getAttributeValue("GlueSiteUniqueID"));
    }

    @Test
    void anMds2ConfigGivesProvidersWithItsNames(@TempDir Path dir) throws Exception {
        TestExternalProgramProvider.script(dir, "grid-info-cpu-linux", "echo \"dn: cn=$1,o=grid\"; echo \"cn: $2\"\n");
        Files.writeString(dir.resolve(Mds2ResourceConfig.FILE_NAME), """
                # generate cpu information every minute
                dn: Mds-Device-Group-name=processors, Mds-Host-hn=ce01, Mds-Vo-name=local, o=Grid
                objectclass: GlobusTop
                objectclass: GlobusActiveObject
                objectclass: GlobusActiveSearch
                type: exec
                path: %s
                base: grid-info-cpu-linux
                args: -devclassobj -devobjs
                cachetime: 60
                timelimit: 20
                sizelimit: 50
                """.formatted(dir));
        List<InformationProvider> ps = new Mds2ResourceConfig(runner).load(dir.resolve(Mds2ResourceConfig.FILE_NAME));
        assertEquals(1, ps.size());
        ExternalProgramProvider p = assertInstanceOf(ExternalProgramProvider.class, ps.get(0));
        assertEquals(new ProviderSettings("grid-info-cpu-linux", Duration.ofSeconds(60), Duration.ofSeconds(20), 50),
                p.settings());
        assertEquals(List.of("-devclassobj", "-devobjs"), p.args());
        assertEquals("-devobjs", p.collect().entries().get(0).getAttributeValue("cn"));
    }

    @Test
    void aBadNumberInTheMds2ConfigNamesTheRecord(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("x.conf"), "dn: Mds-Device-Group-name=memory, o=Grid\npath: /bin/true\ncachetime: soon\n");
        IOException e = assertThrows(IOException.class, () -> new Mds2ResourceConfig(runner).load(dir.resolve("x.conf")));
        assertTrue(e.getMessage().contains("cachetime 'soon'") && e.getMessage().contains("Mds-Device-Group-name=memory"),
                e.getMessage());
    }

    @Test
    void aZeroTimelimitInTheMds2ConfigIsAClearError(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("x.conf"), "dn: cn=p, o=Grid\npath: /bin/true\ntimelimit: 0\n");
        IOException e = assertThrows(IOException.class, () -> new Mds2ResourceConfig(runner).load(dir.resolve("x.conf")));
        assertTrue(e.getMessage().contains("timelimit"), e.getMessage());
    }
}
