package org.gridstack.grim.store.ldap;

import static org.gridstack.grim.model.GlueModel.*;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.GlueModel;

/** The GLUE collections GRIM's LDAP reads and writes name, looked up once. Constants only. */
final class LdapCollections {
    static final CollectionDef HOSTS = GlueModel.collection(HOST);
    static final CollectionDef OPERATING_SYSTEMS = GlueModel.collection(HOST_OS);
    static final CollectionDef MEMORIES = GlueModel.collection(HOST_MEMORY);
    static final CollectionDef CLUSTERS = GlueModel.collection(CLUSTER);
    static final CollectionDef SUB_CLUSTERS = GlueModel.collection(SUB_CLUSTER);
    static final CollectionDef SITES = GlueModel.collection(SITE);
    static final CollectionDef STORAGE_ELEMENTS = GlueModel.collection(STORAGE_ELEMENT);
    static final CollectionDef CONNECTIONS = GlueModel.collection(CONNECTION);
    static final CollectionDef SHARED_HOSTS = GlueModel.collection(SUB_CLUSTER_SHARED_HOST);
    static final CollectionDef COMPUTING_ELEMENTS = GlueModel.collection(COMPUTING_ELEMENT);
    static final CollectionDef CE_SE_BINDS = GlueModel.collection(CE_SE_BIND);
    static final CollectionDef ACCESS_PROTOCOLS = GlueModel.collection(SE_ACCESS_PROTOCOL);
    static final CollectionDef USER_ACCOUNTS = GlueModel.collection(USER_ACCOUNT);
    static final CollectionDef SUB_CLUSTER_ACCOUNTS = GlueModel.collection(SUB_CLUSTER_ACCOUNT);
    static final CollectionDef APPLICATIONS = GlueModel.collection(APPLICATION);
    static final CollectionDef SUB_CLUSTER_APPLICATIONS = GlueModel.collection(SUB_CLUSTER_APPLICATION);
    static final CollectionDef SOFTWARE_PACKAGES = GlueModel.collection(SOFTWARE);

    private LdapCollections() {
    }
}
