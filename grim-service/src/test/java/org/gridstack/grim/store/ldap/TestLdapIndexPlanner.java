package org.gridstack.grim.store.ldap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.gridstack.grim.generate.GlueDataGenerator;
import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.Dataset;
import org.gridstack.grim.model.GlueModel;
import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPException;

class TestLdapIndexPlanner {
    @Test
    void theMostSelectiveIndexedTermGoesFirstAndTheOthersAreHiddenFromTheIndex() throws LDAPException {
        Filter shaped = InMemoryIndexPlanner.shape(Filter.create("(&(objectClass=GlueHost)(GlueHostUniqueID=host-000001))"));
        assertEquals(Filter.create("(&(GlueHostUniqueID=host-000001)(!(!(objectClass=GlueHost))))"), shaped);
        // a small class is a better candidate set than a key shared by ~1,200 hosts
        shaped = InMemoryIndexPlanner.shape(Filter.create("(&(objectClass=GrimHostOperatingSystem)(|(GrimHostOperatingSystemID=a)(GrimHostOperatingSystemID=b)))"));
        assertEquals(Filter.FILTER_TYPE_EQUALITY, shaped.getComponents()[0].getFilterType());
        assertEquals("objectClass", shaped.getComponents()[0].getAttributeName());
    }

    @Test
    void aFilterNamingTensOfThousandsOfEntriesIsScannedNotIndexed() throws LDAPException {
        for (String f : List.of("(objectClass=GlueHost)", "(&(objectClass=GlueHost)(GlueHostName=x))",
                "(&(objectClass=GrimConnection)(GrimConnectionSequence>=1)(GrimConnectionSequence<=10))")) {
            Filter shaped = InMemoryIndexPlanner.shape(Filter.create(f));
            assertEquals(InMemoryIndexPlanner.UNINDEXED, InMemoryIndexPlanner.estimate(shaped), f + " -> " + shaped);
        }
        // unindexed filters are left as they are
        Filter range = Filter.create("(&(GrimConnectionSequence>=1)(GrimConnectionSequence<=10))");
        assertEquals(range, InMemoryIndexPlanner.shape(range));
    }

    @Test
    void shapedFiltersMatchExactlyTheEntriesTheOriginalsMatch() throws LDAPException {
        Dataset data = new GlueDataGenerator(42, 0.002).generate();
        List<Entry> entries = LdifExporter.entries(data);
        Object[] host = data.rows(GlueModel.HOST).get(0);
        CollectionDef h = GlueModel.collection(GlueModel.HOST);
        List<Filter> filters = List.of(
                Filter.create("(&(objectClass=GlueHost)(GlueHostUniqueID=" + host[0] + "))"),
                Filter.create("(&(objectClass=GlueHost)(GlueHostName=" + host[h.indexOf("host_name")] + "))"),
                Filter.create("(|(&(objectClass=GrimHostOperatingSystem)(GrimHostOperatingSystemID=" + host[h.indexOf("os_id")] + "))"
                        + "(&(objectClass=GlueHost)(GlueClusterUniqueID=" + host[h.indexOf("cluster_id")] + ")))"),
                Filter.create("(&(objectClass=GlueHost)(|(GrimHostOperatingSystemID=" + host[h.indexOf("os_id")] + ")(GlueHostUniqueID=x)))"),
                Filter.create("(objectClass=GrimConnection)"));
        for (Filter f : filters) {
            Filter shaped = InMemoryIndexPlanner.shape(f);
            int matched = 0;
            for (Entry e : entries) {
                boolean m = f.matchesEntry(e);
                assertEquals(m, shaped.matchesEntry(e), f + " vs " + shaped + " on " + e.getDN());
                matched += m ? 1 : 0;
            }
            assertTrue(matched > 0, f + " matches something");
        }
    }
}
