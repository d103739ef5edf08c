package org.gridstack.mds.gris;

/** {@link ListenerEndChecks} against the SDK's listener ({@code --listener threads}). */
class TestListenerEndThreads extends ListenerEndChecks {
    @Override
    boolean eventLoop() {
        return false;
    }
}
