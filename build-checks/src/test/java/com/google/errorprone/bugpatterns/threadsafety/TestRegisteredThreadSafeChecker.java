package com.google.errorprone.bugpatterns.threadsafety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.errorprone.bugpatterns.BugChecker;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check as the build uses it: found by Error Prone on the processor path, run by javac with
 * {@code -Xplugin:ErrorProne}, failing the compile of a {@code @ThreadSafe} class with a field that is
 * not thread-safe, and honouring {@code @SuppressWarnings("ThreadSafe")}.
 */
class TestRegisteredThreadSafeChecker {
    @TempDir
    Path out;

    @Test
    void errorProneFindsTheCheckAsAPlugin() {
        List<Class<? extends BugChecker>> plugins = ServiceLoader.load(BugChecker.class).stream()
                .map(ServiceLoader.Provider::type).collect(Collectors.toList());
        assertEquals(List.of(RegisteredThreadSafeChecker.class), plugins);
    }

    @Test
    void aThreadSafeClassWithAListFieldDoesNotCompile() throws IOException {
        List<Diagnostic<? extends JavaFileObject>> errors = compile("""
                import com.google.errorprone.annotations.ThreadSafe;
                import java.util.ArrayList;
                import java.util.List;

                @ThreadSafe
                final class Shared {
                    private final List<String> names = new ArrayList<>();
                }
                """);
        assertEquals(1, errors.size(), errors::toString);
        String message = errors.get(0).getMessage(null);
        assertTrue(message.startsWith("[ThreadSafe]"), message);
        assertTrue(message.contains("'List' is not thread-safe"), message);
    }

    @Test
    void threadSafeTypesAndSuppressedFieldsCompile() throws IOException {
        List<Diagnostic<? extends JavaFileObject>> errors = compile("""
                import com.google.errorprone.annotations.ThreadSafe;
                import java.util.List;
                import java.util.concurrent.ConcurrentHashMap;
                import java.util.concurrent.ConcurrentMap;

                @ThreadSafe
                final class Shared {
                    private final ConcurrentMap<String, Long> counts = new ConcurrentHashMap<>();
                    @SuppressWarnings("ThreadSafe") // an unmodifiable copy
                    private final List<String> names = List.copyOf(List.of("a"));
                }
                """);
        assertTrue(errors.isEmpty(), errors::toString);
    }

    @Test
    void classesNotAnnotatedAreNotChecked() throws IOException {
        List<Diagnostic<? extends JavaFileObject>> errors = compile("""
                import java.util.ArrayList;
                import java.util.List;

                final class Shared {
                    private final List<String> names = new ArrayList<>();
                }
                """);
        assertFalse(errors.stream().anyMatch(d -> d.getMessage(null).contains("[ThreadSafe]")), errors::toString);
    }

    /** Compiles {@code Shared.java} as the parent pom does (Error Prone as a javac plugin); returns the errors. */
    private List<Diagnostic<? extends JavaFileObject>> compile(String source) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        String classPath = System.getProperty("java.class.path");
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(out));
            JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///Shared.java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            };
            List<String> options = List.of("-XDcompilePolicy=simple", "--should-stop=ifError=FLOW", "-Xplugin:ErrorProne",
                    "-classpath", classPath, "-processorpath", classPath);
            javac.getTask(null, files, diagnostics, options, null, List.of(file)).call();
        }
        return diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .collect(Collectors.toList());
    }
}
