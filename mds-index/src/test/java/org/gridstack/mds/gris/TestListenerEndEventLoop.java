package org.gridstack.mds.gris;

/** {@link ListenerEndChecks} against the event-loop listener (the default). */
class TestListenerEndEventLoop extends ListenerEndChecks {
    @Override
    boolean eventLoop() {
        return true;
    }
}
