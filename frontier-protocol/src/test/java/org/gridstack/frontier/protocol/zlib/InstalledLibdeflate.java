package org.gridstack.frontier.protocol.zlib;

/**
 * For the tests that exercise libdeflate itself: Debian's {@code libdeflate.so.0} is installed by
 * the test command, so its absence fails such a test with the package to install, rather than
 * skipping it (the fallback without the library has tests of its own).
 */
public final class InstalledLibdeflate {
    private InstalledLibdeflate() {
    }

    /** The system's libdeflate; the caller closes it. */
    public static Libdeflate load() {
        try {
            return Libdeflate.load(Libdeflate.DEFAULT_LIBRARY);
        } catch (LinkageError | IllegalStateException e) {
            throw new AssertionError("libdeflate.so.0 must be installed for these tests (Debian: apt-get install libdeflate0): " + e, e);
        }
    }
}
