package org.gridstack.mds.ldap;

import org.gridstack.mds.directory.DirectoryContent;

/**
 * Supplies the entries a search runs against; for a GRIS, the provider cache's data assembled
 * under the suffixes. May block (bounded by the providers' timelimits). Implementations are
 * thread-safe.
 */
@FunctionalInterface
public interface ContentSource {
    DirectoryContent current() throws InterruptedException;
}
