package org.gridstack.mds.xmlindex;

import com.google.errorprone.annotations.ThreadSafe;

/**
 * Where a registered XML document comes from (MDS4's "aggregator source": polled at the
 * registration's refresh interval). Implementations are thread-safe.
 */
@ThreadSafe
public interface XmlSource {
    /** The document, as XML text. */
    String fetch() throws Exception;
}
