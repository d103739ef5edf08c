package org.gridstack.mds.xmlindex;

/** A query the index refused or could not run; {@link #kind()} says whose fault it was. */
public final class XmlQueryException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Why a query failed. */
    public enum Kind {
        /** Not valid XPath/XQuery, or a type error: the client's to fix. */
        INVALID,
        /** Something the read-only query user may not do (files, network, updates). */
        FORBIDDEN,
        /** Too many queries at once. */
        BUSY,
        /** The engine failed. */
        FAILED
    }

    private final Kind kind;

    public XmlQueryException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
