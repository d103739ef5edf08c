package org.gridstack.client.frontier.jdbc;

import com.google.errorprone.annotations.ThreadSafe;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Wrapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Answers every method of one JDBC interface through a {@link Proxy} whose handler calls a small
 * implementation class, so that the driver writes only what it supports and never a class of
 * stubs. The table from interface method to answer is built once per interface (at class
 * initialisation, where mistakes fail loudly) and each method is answered by one of:
 * <ul>
 * <li>an {@link Invoker} lambda registered with {@link Builder#on} (no reflection);</li>
 * <li>a public method of the implementation class with the same name and parameter types, called
 *     through a {@link MethodHandle} (no {@code Method.invoke});</li>
 * <li>a constant ({@link Builder#constant}), or the interface's default method where that is right;</li>
 * <li>otherwise an {@link SQLFeatureNotSupportedException} naming interface and method, with the
 *     reason registered for it ("the FroNtier driver is read-only", "(forward-only)", ...).</li>
 * </ul>
 * {@code toString}, {@code equals} (the same proxy), {@code hashCode}, {@code unwrap}
 * and {@code isWrapperFor} (the proxy, the implementation object, {@link JdbcObject#wrapped()})
 * are answered by the handler; every supported method except those and close/isClosed (and
 * others registered as allowed when closed) throws an SQLException once the object is closed.
 * The hottest methods (ResultSet.next and getters) can be answered before the table by a handler
 * of their own, see {@link #proxy(JdbcObject, UnaryOperator)}. Immutable and thread-safe; a proxy
 * is as thread-safe as its implementation object.
 *
 * @param <I> the JDBC interface
 * @param <T> the implementation class
 */
@ThreadSafe
final class JdbcDispatcher<I, T extends JdbcObject> {
    /** One interface method's answer: a call on the implementation object. */
    @FunctionalInterface
    interface Invoker<T> {
        Object invoke(T impl, Object[] args) throws Throwable;
    }

    private enum Kind { CALL, UNSUPPORTED, DEFAULT_METHOD, UNWRAP, IS_WRAPPER_FOR, EQUALS, HASH_CODE, TO_STRING }

    /** The answer to one method; {@code message} only for UNSUPPORTED. */
    private record Entry<T>(Kind kind, Invoker<T> invoker, boolean checksOpen, String message) {
    }

    private static final String GENERIC_REASON = " by the FroNtier JDBC driver";

    private final Class<I> iface;
    private final Class<T> implClass;
    @SuppressWarnings("ThreadSafe") // a private copy, never modified after construction (see the constructor)
    private final Map<Method, Entry<T>> table;
    private final String closedMessage;
    private final String closedState;

    private JdbcDispatcher(Class<I> iface, Class<T> implClass, Map<Method, Entry<T>> table) {
        this.iface = iface;
        this.implClass = implClass;
        this.table = new HashMap<>(table); // never modified after construction; HashMap.get is the fastest look-up here
        this.closedMessage = iface.getSimpleName() + " is closed";
        this.closedState = iface == Connection.class ? "08003" : null;
    }

    static <I, T extends JdbcObject> Builder<I, T> builder(Class<I> iface, Class<T> implClass) {
        return new Builder<>(iface, implClass);
    }

    /** A new proxy answering {@code I} with {@code impl}. */
    I proxy(T impl) {
        return proxy(impl, UnaryOperator.identity());
    }

    /**
     * A new proxy whose handler is {@code front} wrapped around this dispatcher's handler: a class
     * of its own that answers the hottest methods with direct calls (a call site seeing one
     * handler class is inlined by the JIT; the shared handler's call sites see every
     * implementation class) and passes everything else to the handler it was given.
     */
    I proxy(T impl, UnaryOperator<InvocationHandler> front) {
        Objects.requireNonNull(impl, "impl is null");
        InvocationHandler handler = front.apply(new Handler(impl));
        return iface.cast(Proxy.newProxyInstance(JdbcDispatcher.class.getClassLoader(), new Class<?>[] {iface}, handler));
    }

    /** The proxy handler of one implementation object. */
    private final class Handler implements InvocationHandler {
        private final T impl;

        Handler(T impl) {
            this.impl = impl;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            Entry<T> e = table.get(method);
            if (e == null) {
                // a method of a newer JDBC version than this table knows
                throw new SQLFeatureNotSupportedException(iface.getSimpleName() + "." + method.getName() + " is not supported" + GENERIC_REASON,
                        "0A000");
            }
            if (e.kind == Kind.CALL) { // the common case first
                if (e.checksOpen && impl.isClosed()) {
                    throw new SQLException(closedMessage, closedState);
                }
                return e.invoker.invoke(impl, args);
            }
            switch (e.kind) {
                case UNSUPPORTED:
                    return e.invoker.invoke(impl, args); // throws
                case DEFAULT_METHOD:
                    return InvocationHandler.invokeDefault(proxy, method, args);
                case UNWRAP:
                    return unwrap(proxy, (Class<?>) args[0]);
                case IS_WRAPPER_FOR:
                    return wrapperTarget(proxy, (Class<?>) args[0]) != null;
                case EQUALS:
                    return proxy == args[0];
                case HASH_CODE:
                    return System.identityHashCode(proxy);
                case TO_STRING:
                    return impl.toString();
                default:
                    throw new AssertionError(e.kind);
            }
        }

        private Object wrapperTarget(Object proxy, Class<?> target) {
            if (target == null) {
                return null;
            }
            if (target.isInstance(proxy)) {
                return proxy;
            }
            if (target.isInstance(impl)) {
                return impl;
            }
            Object wrapped = impl.wrapped();
            return wrapped != null && target.isInstance(wrapped) ? wrapped : null;
        }

        private Object unwrap(Object proxy, Class<?> target) throws SQLException {
            Object o = wrapperTarget(proxy, target);
            if (o == null) {
                Object wrapped = impl.wrapped();
                throw new SQLException("this " + iface.getSimpleName() + " does not wrap " + (target == null ? "null" : target.getName())
                        + "; it unwraps to " + implClass.getName() + (wrapped == null ? "" : " and " + wrapped.getClass().getName()));
            }
            return o;
        }
    }

    /** Collects the answers of one interface; {@link #build()} checks them against the interface. */
    static final class Builder<I, T extends JdbcObject> {
        private final Class<I> iface;
        private final Class<T> implClass;
        private final Map<String, Invoker<T>> invokers = new HashMap<>();
        private final Map<String, Object> constants = new HashMap<>();
        private final Set<String> defaults = new HashSet<>();
        private final Set<String> whenClosed = new HashSet<>(Set.of("close", "isClosed"));
        private final Map<Predicate<String>, String> reasons = new LinkedHashMap<>();
        private boolean checksOpen = true;

        private Builder(Class<I> iface, Class<T> implClass) {
            this.iface = Objects.requireNonNull(iface, "iface is null");
            this.implClass = Objects.requireNonNull(implClass, "implClass is null");
        }

        private static String key(String name, Class<?>... params) {
            return name + Arrays.toString(params);
        }

        private static String key(Method m) {
            return key(m.getName(), m.getParameterTypes());
        }

        private void put(String key, Invoker<T> invoker) {
            if (invokers.put(key, invoker) != null) {
                throw new IllegalStateException(key + " registered twice");
            }
        }

        /** Answers the method {@code name(params...)} with {@code invoker} (no reflection per call). */
        Builder<I, T> on(String name, Class<?>[] params, Invoker<T> invoker) {
            put(key(name, params), invoker);
            return this;
        }

        /** Answers the parameterless method {@code name()} with {@code invoker}. */
        Builder<I, T> on(String name, Invoker<T> invoker) {
            return on(name, new Class<?>[0], invoker);
        }

        /** Answers the parameterless method {@code name()} with a constant. */
        Builder<I, T> constant(String name, Object value) {
            constants.put(key(name), value);
            return on(name, (impl, args) -> value);
        }

        /** Answers these methods with the interface's own default implementation. */
        Builder<I, T> interfaceDefaults(String... names) {
            defaults.addAll(List.of(names));
            return this;
        }

        /** These methods also work once the object is closed. */
        Builder<I, T> allowedWhenClosed(String... names) {
            whenClosed.addAll(List.of(names));
            return this;
        }

        /** For objects that cannot be closed (metadata): no closed-object check at all. */
        Builder<I, T> neverClosed() {
            checksOpen = false;
            return this;
        }

        /**
         * Unsupported methods whose name matches say why: {@code suffix} follows "X.m is not
         * supported" (e.g. {@code ": the FroNtier driver is read-only"}). The first match wins.
         */
        Builder<I, T> reason(Predicate<String> names, String suffix) {
            reasons.put(names, suffix);
            return this;
        }

        JdbcDispatcher<I, T> build() {
            Map<Method, Entry<T>> table = new HashMap<>();
            Map<String, Invoker<T>> unused = new HashMap<>(invokers);
            for (Method m : iface.getMethods()) {
                if (Modifier.isStatic(m.getModifiers())) {
                    continue;
                }
                Entry<T> entry = entryFor(m);
                unused.remove(key(m));
                // the proxy may pass the Method of any interface declaring the signature (AutoCloseable.close, Statement.close)
                for (Class<?> declaring : interfacesOf(iface)) {
                    try {
                        table.put(declaring.getMethod(m.getName(), m.getParameterTypes()), entry);
                    } catch (NoSuchMethodException notThere) {
                        // declared lower down only
                    }
                }
            }
            if (!unused.isEmpty()) {
                throw new IllegalStateException(iface.getName() + " has no methods " + unused.keySet());
            }
            try {
                table.put(Object.class.getMethod("equals", Object.class), new Entry<>(Kind.EQUALS, null, false, null));
                table.put(Object.class.getMethod("hashCode"), new Entry<>(Kind.HASH_CODE, null, false, null));
                table.put(Object.class.getMethod("toString"), new Entry<>(Kind.TO_STRING, null, false, null));
            } catch (NoSuchMethodException e) {
                throw new AssertionError(e);
            }
            return new JdbcDispatcher<>(iface, implClass, table);
        }

        private Entry<T> entryFor(Method m) {
            String name = m.getName();
            boolean open = checksOpen && !whenClosed.contains(name);
            if (m.getDeclaringClass() == Wrapper.class) {
                return new Entry<>(name.equals("unwrap") ? Kind.UNWRAP : Kind.IS_WRAPPER_FOR, null, false, null);
            }
            Invoker<T> registered = invokers.get(key(m));
            if (constants.containsKey(key(m))) {
                Object value = constants.get(key(m));
                Class<?> type = MethodType.methodType(m.getReturnType()).wrap().returnType();
                if (value == null ? m.getReturnType().isPrimitive() : !type.isInstance(value)) {
                    throw new IllegalStateException(m + " cannot answer the constant " + value);
                }
            }
            if (registered != null) {
                return new Entry<>(Kind.CALL, registered, open, null);
            }
            Method implementation = implementationOf(m);
            if (implementation != null) {
                return new Entry<>(Kind.CALL, handleInvoker(m, implementation), open, null);
            }
            if (m.isDefault() && defaults.contains(name)) {
                return new Entry<>(Kind.DEFAULT_METHOD, null, false, null);
            }
            String suffix = GENERIC_REASON;
            for (Map.Entry<Predicate<String>, String> r : reasons.entrySet()) {
                if (r.getKey().test(name)) {
                    suffix = r.getValue();
                    break;
                }
            }
            String message = iface.getSimpleName() + "." + name + " is not supported" + suffix;
            return new Entry<>(Kind.UNSUPPORTED, refusal(m, message), false, message);
        }

        /** Throws what {@code m} declares: SQLFeatureNotSupportedException, or SQLClientInfoException for setClientInfo. */
        private static <T> Invoker<T> refusal(Method m, String message) {
            List<Class<?>> declared = List.of(m.getExceptionTypes());
            if (declared.stream().anyMatch(t -> t.isAssignableFrom(SQLFeatureNotSupportedException.class))) {
                return (impl, args) -> {
                    throw new SQLFeatureNotSupportedException(message, "0A000");
                };
            }
            if (declared.contains(SQLClientInfoException.class)) {
                return (impl, args) -> {
                    throw new SQLClientInfoException(message, "0A000", 0, Map.of());
                };
            }
            return (impl, args) -> {
                throw new UnsupportedOperationException(message);
            };
        }

        /** The implementation class's public method of the same signature, checked against the interface's; or null. */
        private Method implementationOf(Method m) {
            Method impl;
            try {
                impl = implClass.getMethod(m.getName(), m.getParameterTypes());
            } catch (NoSuchMethodException e) {
                return null;
            }
            if (impl.getDeclaringClass() == Object.class || Modifier.isStatic(impl.getModifiers())) {
                return null;
            }
            Class<?> want = m.getReturnType();
            Class<?> have = impl.getReturnType();
            if (want.isPrimitive() ? want != have : !want.isAssignableFrom(have)) {
                throw new IllegalStateException(impl + " returns " + have.getName() + ", but " + m + " needs " + want.getName());
            }
            for (Class<?> thrown : impl.getExceptionTypes()) {
                boolean declared = RuntimeException.class.isAssignableFrom(thrown) || Error.class.isAssignableFrom(thrown)
                        || Arrays.stream(m.getExceptionTypes()).anyMatch(t -> t.isAssignableFrom(thrown));
                if (!declared) {
                    throw new IllegalStateException(impl + " throws " + thrown.getName() + ", which " + m + " does not declare");
                }
            }
            return impl;
        }

        /** Calls {@code impl} through a method handle taking (Object target, Object[] args): no reflection per call. */
        private Invoker<T> handleInvoker(Method m, Method impl) {
            MethodHandle handle;
            try {
                handle = MethodHandles.lookup().unreflect(impl)
                        .asSpreader(Object[].class, m.getParameterCount())
                        .asType(MethodType.methodType(Object.class, Object.class, Object[].class));
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot call " + impl, e);
            }
            return (target, args) -> handle.invokeExact((Object) target, args);
        }

        private static List<Class<?>> interfacesOf(Class<?> iface) {
            List<Class<?>> all = new ArrayList<>();
            List<Class<?>> todo = new ArrayList<>(List.of(iface));
            while (!todo.isEmpty()) {
                Class<?> c = todo.remove(0);
                if (!all.contains(c)) {
                    all.add(c);
                    todo.addAll(List.of(c.getInterfaces()));
                }
            }
            return all;
        }
    }
}
