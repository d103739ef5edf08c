package org.gridstack.mds.gris;

import java.util.List;

import com.unboundid.ldap.sdk.Entry;

/** Opens {@link LdapTools} (package-private) to the tests of other packages. */
public final class LdapToolsAccess {
    private LdapToolsAccess() {
    }

    /** An ldapsearch run: exit status, parsed entries, and all output for failure messages. */
    public record Result(int exit, List<Entry> entries, String text) {
    }

    public static Result ldapsearch(int port, String... args) throws Exception {
        LdapTools.assumeInstalled();
        LdapTools.Run r = LdapTools.ldapsearch(port, args);
        return new Result(r.exit(), r.entries(), r.toString());
    }
}
