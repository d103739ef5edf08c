package org.gridstack.grim.web;

/** Bounds what an error answer repeats of a request: no answer echoes a huge query or value in full. */
final class ApiMessages {
    /** Longest message an error answer carries. */
    static final int MAX_CHARS = 1_000;

    private ApiMessages() {
    }

    /** {@code message}, cut to {@link #MAX_CHARS} characters with a note saying how long it was. */
    static String cut(String message) {
        if (message == null || message.length() <= MAX_CHARS) {
            return message;
        }
        return message.substring(0, MAX_CHARS) + "... (" + message.length() + " characters, cut)";
    }
}
