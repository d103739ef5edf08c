package org.gridstack.grim.store.basex;

import org.gridstack.grim.model.CollectionDef;
import org.gridstack.grim.model.GlueModel;

/** The collections the BaseX operations read, shared by the faithful and the best forms. */
final class ModelCollections {
    static final CollectionDef HOST = GlueModel.collection(GlueModel.HOST);
    static final CollectionDef HOST_OS = GlueModel.collection(GlueModel.HOST_OS);
    static final CollectionDef HOST_MEMORY = GlueModel.collection(GlueModel.HOST_MEMORY);
    static final CollectionDef SE = GlueModel.collection(GlueModel.STORAGE_ELEMENT);
    static final CollectionDef CONNECTION = GlueModel.collection(GlueModel.CONNECTION);
    static final CollectionDef SUB_CLUSTER = GlueModel.collection(GlueModel.SUB_CLUSTER);
    static final CollectionDef SHARED = GlueModel.collection(GlueModel.SUB_CLUSTER_SHARED_HOST);
    static final CollectionDef CE = GlueModel.collection(GlueModel.COMPUTING_ELEMENT);
    static final CollectionDef CE_SE_BIND = GlueModel.collection(GlueModel.CE_SE_BIND);
    static final CollectionDef ACCESS = GlueModel.collection(GlueModel.SE_ACCESS_PROTOCOL);
    static final CollectionDef USER = GlueModel.collection(GlueModel.USER_ACCOUNT);
    static final CollectionDef APPLICATION = GlueModel.collection(GlueModel.APPLICATION);
    static final CollectionDef SC_ACCOUNT = GlueModel.collection(GlueModel.SUB_CLUSTER_ACCOUNT);
    static final CollectionDef SC_APPLICATION = GlueModel.collection(GlueModel.SUB_CLUSTER_APPLICATION);
    static final CollectionDef SOFTWARE = GlueModel.collection(GlueModel.SOFTWARE);

    private ModelCollections() {
    }
}
