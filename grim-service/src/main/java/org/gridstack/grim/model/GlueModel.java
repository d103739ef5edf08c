package org.gridstack.grim.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GRIM data model: 34 collections (24 GLUE-based entities and 10 many-to-many relationships),
 * 81,684 objects at scale 1.0. Relational tables, XML elements and LDAP entries all follow this
 * one definition; the README's "Data model" section explains the choices.
 *
 * <p>Keys are the GLUE unique-ID strings, so the three backends identify every object the same
 * way and exports need no key translation. Memory, processor and operating-system descriptions
 * are collections of their own, referenced by hosts, so host questions need joins (as in the
 * seed). A host's home subcluster is a reference; the hosts shared into further subclusters are
 * the {@code sub_cluster_shared_host} relationship ("a host belongs to 1..3 subclusters").
 */
public final class GlueModel {
    public static final String SITE = "site";
    public static final String CLUSTER = "cluster";
    public static final String SUB_CLUSTER = "sub_cluster";
    public static final String HOST_PROCESSOR = "host_processor";
    public static final String HOST_MEMORY = "host_memory";
    public static final String HOST_OS = "host_os";
    public static final String HOST = "host";
    public static final String NETWORK_ADAPTER = "network_adapter";
    public static final String CONNECTION = "connection";
    public static final String COMPUTING_ELEMENT = "computing_element";
    public static final String VO_VIEW = "vo_view";
    public static final String STORAGE_ELEMENT = "storage_element";
    public static final String STORAGE_AREA = "storage_area";
    public static final String SE_ACCESS_PROTOCOL = "se_access_protocol";
    public static final String SE_CONTROL_PROTOCOL = "se_control_protocol";
    public static final String SERVICE = "service";
    public static final String SERVICE_DATA = "service_data";
    public static final String SOFTWARE = "software";
    public static final String APPLICATION = "application";
    public static final String USER_ACCOUNT = "user_account";
    public static final String POLICY = "policy";
    public static final String LOCATION = "location";
    public static final String LOCAL_FILE_SYSTEM = "local_file_system";
    public static final String VIRTUAL_ORGANIZATION = "virtual_organization";
    public static final String SUB_CLUSTER_SHARED_HOST = "sub_cluster_shared_host";
    public static final String SUB_CLUSTER_ACCOUNT = "sub_cluster_account";
    public static final String SUB_CLUSTER_APPLICATION = "sub_cluster_application";
    public static final String SUB_CLUSTER_SOFTWARE = "sub_cluster_software";
    public static final String CE_SE_BIND = "ce_se_bind";
    public static final String CLUSTER_SERVICE = "cluster_service";
    public static final String CE_VO = "ce_vo";
    public static final String SE_VO = "se_vo";
    public static final String SERVICE_VO = "service_vo";
    public static final String SA_VO = "sa_vo";

    /** Objects at scale 1.0 over all collections (the seed's database). */
    public static final int TOTAL_OBJECTS = 81_684;

    private static final List<CollectionDef> COLLECTIONS;
    private static final Map<String, CollectionDef> BY_NAME = new LinkedHashMap<>();

    static {
        List<CollectionDef> c = new ArrayList<>();
        c.add(entity(VIRTUAL_ORGANIZATION, "GrimVirtualOrganization", 12,
                key("vo_id", "GrimVOUniqueID"), text("name", "GrimVOName"), text("description", "GrimVODescription")));
        c.add(entity(SITE, "GlueSite", 10,
                key("site_id", "GlueSiteUniqueID"), text("name", "GlueSiteName"), text("web", "GlueSiteWeb"),
                text("email_contact", "GlueSiteEmailContact"), text("location", "GlueSiteLocation")));
        c.add(entity(CLUSTER, "GlueCluster", 20,
                key("cluster_id", "GlueClusterUniqueID"), text("name", "GlueClusterName"),
                ref("site_id", "GlueSiteUniqueID", SITE), text("tmp_dir", "GlueClusterTmpDir")));
        c.add(entity(SUB_CLUSTER, "GlueSubCluster", 345,
                key("sub_cluster_id", "GlueSubClusterUniqueID"), text("name", "GlueSubClusterName"),
                ref("cluster_id", "GlueClusterUniqueID", CLUSTER),
                integer("physical_cpus", "GlueSubClusterPhysicalCPUs"), integer("logical_cpus", "GlueSubClusterLogicalCPUs"),
                text("tmp_dir", "GlueSubClusterTmpDir")));
        c.add(entity(HOST_PROCESSOR, "GrimHostProcessor", 160,
                key("processor_id", "GrimHostProcessorID"), text("vendor", "GlueHostProcessorVendor"),
                text("model", "GlueHostProcessorModel"), integer("clock_speed", "GlueHostProcessorClockSpeed"),
                text("instruction_set", "GlueHostProcessorInstructionSet")));
        c.add(entity(HOST_MEMORY, "GrimHostMainMemory", 120,
                key("memory_id", "GrimHostMainMemoryID"), integer("ram_size", "GlueHostMainMemoryRAMSize"),
                integer("virtual_size", "GlueHostMainMemoryVirtualSize")));
        c.add(entity(HOST_OS, "GrimHostOperatingSystem", 24,
                key("os_id", "GrimHostOperatingSystemID"), text("name", "GlueHostOperatingSystemName"),
                text("release", "GlueHostOperatingSystemRelease"), text("version", "GlueHostOperatingSystemVersion")));
        c.add(entity(HOST, "GlueHost", 29_743,
                key("host_id", "GlueHostUniqueID"), text("host_name", "GlueHostName"),
                indexedRef("cluster_id", "GlueClusterUniqueID", CLUSTER),
                indexedRef("sub_cluster_id", "GlueSubClusterUniqueID", SUB_CLUSTER),
                ref("processor_id", "GrimHostProcessorID", HOST_PROCESSOR),
                ref("memory_id", "GrimHostMainMemoryID", HOST_MEMORY),
                ref("os_id", "GrimHostOperatingSystemID", HOST_OS),
                integer("si00", "GlueHostBenchmarkSI00"), integer("sf00", "GlueHostBenchmarkSF00"),
                integer("load_last_1min", "GlueHostProcessorLoadLast1Min"),
                integer("load_last_5min", "GlueHostProcessorLoadLast5Min"),
                integer("load_last_15min", "GlueHostProcessorLoadLast15Min"),
                integer("ram_available", "GlueHostMainMemoryRAMAvailable")));
        c.add(entity(NETWORK_ADAPTER, "GrimNetworkEndpoint", 30_050,
                key("endpoint_id", "GrimEndpointUniqueID"), indexedRef("host_id", "GlueHostUniqueID", HOST),
                text("name", "GlueHostNetworkAdapterName"), text("ip_address", "GlueHostNetworkAdapterIPAddress"),
                integer("mtu", "GlueHostNetworkAdapterMTU")));
        c.add(entity(CONNECTION, "GrimConnection", 12_200,
                key("connection_id", "GrimConnectionUniqueID"),
                indexedRef("source_endpoint", "GrimConnectionSource", NETWORK_ADAPTER),
                indexedRef("target_endpoint", "GrimConnectionTarget", NETWORK_ADAPTER),
                integer("sequence", "GrimConnectionSequence"), text("protocol", "GrimConnectionProtocol"),
                integer("port", "GrimConnectionPort")));
        c.add(entity(COMPUTING_ELEMENT, "GlueCE", 106,
                key("ce_id", "GlueCEUniqueID"), text("name", "GlueCEName"),
                indexedRef("cluster_id", "GlueClusterUniqueID", CLUSTER),
                text("lrms_type", "GlueCEInfoLRMSType"), integer("total_cpus", "GlueCEInfoTotalCPUs"),
                integer("running_jobs", "GlueCEStateRunningJobs"), integer("waiting_jobs", "GlueCEStateWaitingJobs"),
                text("status", "GlueCEStateStatus")));
        c.add(entity(VO_VIEW, "GlueVOView", 212,
                key("vo_view_id", "GlueVOViewLocalID"), ref("ce_id", "GlueCEUniqueID", COMPUTING_ELEMENT),
                ref("vo_id", "GrimVOUniqueID", VIRTUAL_ORGANIZATION),
                integer("running_jobs", "GlueCEStateRunningJobs"), integer("free_job_slots", "GlueCEStateFreeJobSlots")));
        c.add(entity(STORAGE_ELEMENT, "GlueSE", 60,
                key("se_id", "GlueSEUniqueID"), indexed("name", "GlueSEName"),
                indexedRef("site_id", "GlueSiteUniqueID", SITE),
                text("architecture", "GlueSEArchitecture"), text("implementation", "GlueSEImplementationName"),
                text("control_host", "GrimSEControlHost"),
                integer("total_online_size", "GlueSETotalOnlineSize"), integer("used_online_size", "GlueSEUsedOnlineSize")));
        c.add(entity(STORAGE_AREA, "GlueSA", 120,
                key("sa_id", "GlueSALocalID"), ref("se_id", "GlueSEUniqueID", STORAGE_ELEMENT),
                text("path", "GlueSAPath"), integer("total_online_size", "GlueSATotalOnlineSize"),
                integer("used_online_size", "GlueSAUsedOnlineSize"), text("retention_policy", "GlueSARetentionPolicy"),
                text("access_latency", "GlueSAAccessLatency")));
        c.add(entity(SE_ACCESS_PROTOCOL, "GlueSEAccessProtocol", 150,
                key("protocol_id", "GlueSEAccessProtocolLocalID"), indexedRef("se_id", "GlueSEUniqueID", STORAGE_ELEMENT),
                text("type", "GlueSEAccessProtocolType"), text("version", "GlueSEAccessProtocolVersion"),
                integer("port", "GlueSEAccessProtocolPort")));
        c.add(entity(SE_CONTROL_PROTOCOL, "GlueSEControlProtocol", 60,
                key("protocol_id", "GlueSEControlProtocolLocalID"), ref("se_id", "GlueSEUniqueID", STORAGE_ELEMENT),
                text("type", "GlueSEControlProtocolType"), text("version", "GlueSEControlProtocolVersion"),
                text("endpoint", "GlueSEControlProtocolEndpoint")));
        c.add(entity(SERVICE, "GlueService", 40,
                key("service_id", "GlueServiceUniqueID"), text("name", "GlueServiceName"),
                text("type", "GlueServiceType"), ref("site_id", "GlueSiteUniqueID", SITE),
                text("endpoint", "GlueServiceEndpoint"), text("version", "GlueServiceVersion"),
                text("status", "GlueServiceStatus")));
        c.add(entity(SERVICE_DATA, "GlueServiceData", 80,
                key("service_data_id", "GrimServiceDataUniqueID"), ref("service_id", "GlueServiceUniqueID", SERVICE),
                text("data_key", "GlueServiceDataKey"), text("data_value", "GlueServiceDataValue")));
        c.add(entity(SOFTWARE, "GlueSoftware", 640,
                key("software_id", "GlueSoftwareLocalID"), text("name", "GlueSoftwareName"),
                text("version", "GlueSoftwareVersion"), text("module_name", "GlueSoftwareModuleName"),
                text("installed_root", "GlueSoftwareInstalledRoot")));
        c.add(entity(APPLICATION, "GrimApplication", 600,
                key("application_id", "GrimApplicationUniqueID"), text("binary_name", "GrimApplicationBinaryName"),
                text("version", "GrimApplicationVersion"), integer("size_bytes", "GrimApplicationSize")));
        c.add(entity(USER_ACCOUNT, "GrimUserAccount", 60,
                key("user_id", "GrimUserAccountUniqueID"), text("login", "GrimUserAccountLogin"),
                ref("vo_id", "GrimVOUniqueID", VIRTUAL_ORGANIZATION), integer("uid", "GrimUserAccountUID"),
                text("status", "GrimUserAccountStatus")));
        c.add(entity(POLICY, "GrimPolicy", 200,
                key("policy_id", "GrimPolicyUniqueID"), ref("ce_id", "GlueCEUniqueID", COMPUTING_ELEMENT),
                ref("vo_id", "GrimVOUniqueID", VIRTUAL_ORGANIZATION),
                integer("priority", "GlueCEPolicyPriority"), integer("max_running_jobs", "GlueCEPolicyMaxRunningJobs"),
                integer("max_cpu_time", "GlueCEPolicyMaxCPUTime"), integer("max_wall_clock_time", "GlueCEPolicyMaxWallClockTime"),
                text("description", "GrimPolicyDescription")));
        c.add(entity(LOCATION, "GlueLocation", 345,
                key("location_id", "GlueLocationLocalID"), ref("sub_cluster_id", "GlueSubClusterUniqueID", SUB_CLUSTER),
                text("name", "GlueLocationName"), text("path", "GlueLocationPath"), text("version", "GlueLocationVersion")));
        c.add(entity(LOCAL_FILE_SYSTEM, "GlueHostLocalFileSystem", 345,
                key("file_system_id", "GrimLocalFileSystemUniqueID"), ref("sub_cluster_id", "GlueSubClusterUniqueID", SUB_CLUSTER),
                text("name", "GlueHostLocalFileSystemName"), text("root", "GlueHostLocalFileSystemRoot"),
                integer("size", "GlueHostLocalFileSystemSize"), text("type", "GlueHostLocalFileSystemType")));
        c.add(relationship(SUB_CLUSTER_SHARED_HOST, "GrimSubClusterSharedHost", 600,
                ref("sub_cluster_id", "GlueSubClusterUniqueID", SUB_CLUSTER), indexedRef("host_id", "GlueHostUniqueID", HOST)));
        c.add(relationship(SUB_CLUSTER_ACCOUNT, "GrimSubClusterAccount", 900,
                ref("sub_cluster_id", "GlueSubClusterUniqueID", SUB_CLUSTER), indexedRef("user_id", "GrimUserAccountUniqueID", USER_ACCOUNT)));
        c.add(relationship(SUB_CLUSTER_APPLICATION, "GrimSubClusterApplication", 1_800,
                ref("sub_cluster_id", "GlueSubClusterUniqueID", SUB_CLUSTER),
                indexedRef("application_id", "GrimApplicationUniqueID", APPLICATION)));
        c.add(relationship(SUB_CLUSTER_SOFTWARE, "GrimSubClusterSoftware", 1_500,
                ref("sub_cluster_id", "GlueSubClusterUniqueID", SUB_CLUSTER), indexedRef("software_id", "GlueSoftwareLocalID", SOFTWARE)));
        c.add(relationship(CE_SE_BIND, "GlueCESEBind", 318,
                ref("ce_id", "GlueCESEBindGroupCEUniqueID", COMPUTING_ELEMENT),
                indexedRef("se_id", "GlueCESEBindSEUniqueID", STORAGE_ELEMENT),
                text("mount_point", "GlueCESEBindMountInfo")));
        c.add(relationship(CLUSTER_SERVICE, "GrimClusterService", 120,
                ref("cluster_id", "GlueClusterUniqueID", CLUSTER), indexedRef("service_id", "GlueServiceUniqueID", SERVICE)));
        c.add(relationship(CE_VO, "GrimCEVO", 424,
                ref("ce_id", "GlueCEUniqueID", COMPUTING_ELEMENT), indexedRef("vo_id", "GrimVOUniqueID", VIRTUAL_ORGANIZATION)));
        c.add(relationship(SE_VO, "GrimSEVO", 160,
                ref("se_id", "GlueSEUniqueID", STORAGE_ELEMENT), indexedRef("vo_id", "GrimVOUniqueID", VIRTUAL_ORGANIZATION)));
        c.add(relationship(SERVICE_VO, "GrimServiceVO", 80,
                ref("service_id", "GlueServiceUniqueID", SERVICE), indexedRef("vo_id", "GrimVOUniqueID", VIRTUAL_ORGANIZATION)));
        c.add(relationship(SA_VO, "GrimSAVO", 80,
                ref("sa_id", "GlueSALocalID", STORAGE_AREA), indexedRef("vo_id", "GrimVOUniqueID", VIRTUAL_ORGANIZATION)));
        COLLECTIONS = List.copyOf(c);
        int total = 0;
        for (CollectionDef d : COLLECTIONS) {
            if (BY_NAME.put(d.name(), d) != null) {
                throw new ExceptionInInitializerError("collection " + d.name() + " defined twice");
            }
            total += d.baseCount();
        }
        if (COLLECTIONS.size() != 34 || total != TOTAL_OBJECTS) {
            throw new ExceptionInInitializerError("model has " + COLLECTIONS.size() + " collections and " + total
                    + " objects; the seed's database has 34 and " + TOTAL_OBJECTS);
        }
    }

    private GlueModel() {
    }

    /** All collections, referenced collections before the ones that reference them (load order). */
    public static List<CollectionDef> collections() {
        return COLLECTIONS;
    }

    /** The collection named {@code name}; IllegalArgumentException listing the valid names otherwise. */
    public static CollectionDef collection(String name) {
        CollectionDef d = BY_NAME.get(name);
        if (d == null) {
            throw new IllegalArgumentException("unknown collection '" + name + "'; known: " + String.join(", ", BY_NAME.keySet()));
        }
        return d;
    }

    public static boolean has(String name) {
        return BY_NAME.containsKey(name);
    }

    private static CollectionDef entity(String name, String glue, int count, Column... columns) {
        return new CollectionDef(name, glue, List.of(columns), 1, count);
    }

    private static CollectionDef relationship(String name, String glue, int count, Column... columns) {
        return new CollectionDef(name, glue, List.of(columns), 2, count);
    }

    private static Column key(String name, String glue) {
        return new Column(name, glue, ColumnType.TEXT, true, null);
    }

    private static Column text(String name, String glue) {
        return new Column(name, glue, ColumnType.TEXT, false, null);
    }

    private static Column indexed(String name, String glue) {
        return new Column(name, glue, ColumnType.TEXT, true, null);
    }

    private static Column integer(String name, String glue) {
        return new Column(name, glue, ColumnType.INTEGER, false, null);
    }

    private static Column ref(String name, String glue, String target) {
        return new Column(name, glue, ColumnType.TEXT, false, target);
    }

    private static Column indexedRef(String name, String glue, String target) {
        return new Column(name, glue, ColumnType.TEXT, true, target);
    }
}
