package com.google.errorprone.bugpatterns.threadsafety;

import com.google.errorprone.BugPattern;
import com.google.errorprone.BugPattern.SeverityLevel;
import com.google.errorprone.ErrorProneFlags;
import javax.inject.Inject;

/**
 * Error Prone's own {@link ThreadSafeChecker}, made loadable as a plugin so that every compile checks the
 * classes annotated {@code @ThreadSafe}: Error Prone ships the check but does not register it among its
 * built-in checks, and its constructor is package-private, which is why this class lives in Error Prone's
 * package. It adds nothing to the analysis; the name stays {@code ThreadSafe}, so
 * {@code @SuppressWarnings("ThreadSafe")} and {@code -Xep:ThreadSafe:...} address it as they would the
 * built-in check.
 *
 * <p>Error Prone finds it through {@code META-INF/services/com.google.errorprone.bugpatterns.BugChecker}
 * on the annotation processor path ({@link java.util.ServiceLoader} wants the public no-argument
 * constructor) and builds it with the injecting constructor, handing it the compile's flags.
 *
 * <p>Thread-safety: as {@link ThreadSafeChecker}; javac runs it on one thread per compile.
 */
@BugPattern(
        name = "ThreadSafe",
        summary = "Type declaration annotated with @ThreadSafe is not thread safe",
        severity = SeverityLevel.ERROR)
public final class RegisteredThreadSafeChecker extends ThreadSafeChecker {

    /** For {@link java.util.ServiceLoader}; the check then runs without flags. */
    public RegisteredThreadSafeChecker() {
        this(ErrorProneFlags.empty());
    }

    /** The constructor Error Prone calls, with the flags of the compile (e.g. known thread-safe types). */
    @Inject
    RegisteredThreadSafeChecker(ErrorProneFlags flags) {
        super(new WellKnownThreadSafety(flags, new WellKnownMutability(flags)), flags);
    }
}
