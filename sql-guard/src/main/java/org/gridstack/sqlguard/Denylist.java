package org.gridstack.sqlguard;

import java.util.Map;
import java.util.Set;

import static java.util.Map.entry;

/**
 * What {@link ReadOnlyGuard} refuses to see in a query. All names are lower case; the guard compares them
 * with every plausible case folding of the SQL word (see {@code Words.denyForms}).
 *
 * <p>To extend a list, add an entry here; the guard reads nothing else. The lists are defence in depth: the
 * servlet also runs every query in a read-only transaction, with a timeout, under a read-only role.
 */
public final class Denylist {
    private Denylist() {
    }

    /** Why a function is denied: it changes state that a read-only transaction does not protect. */
    public static final String EFFECTS = "it has effects outside the read-only transaction";
    /** Why a function is denied: it reads the database server's file system. */
    public static final String SERVER_FILES = "it reads files or directories on the database server";
    /** Why a function is denied: it runs SQL text that the guard cannot see. */
    public static final String DYNAMIC_SQL = "it runs SQL given as text, which this guard cannot check";
    /** Why a function is denied: it reaches other databases or the network. */
    public static final String REMOTE = "it connects to other databases or the network";
    /** Why a function is denied: it reads whole tables or schemas named in its arguments. */
    public static final String TABLES_BY_NAME = "it reads tables named in its arguments, which this guard cannot check";
    /**
     * Why a view or function is denied: it shows other sessions (their SQL, locks, prepared statements or
     * statistics). The database role cannot hide them, because all clients share one role.
     */
    public static final String OTHER_SESSIONS = "it shows other clients' sessions or SQL (all clients share one database role)";

    /**
     * Unquoted words rejected anywhere outside strings and quoted identifiers. None of them has a use inside a
     * single read-only query, but each starts or is part of a statement that writes, changes session or
     * transaction state, or executes something else (EXPLAIN ANALYZE runs its statement). A column really
     * named like this must be written as a quoted identifier.
     *
     * <p>Context-dependent words are handled separately by the guard: INTO (always rejected, with its own
     * message), FOR UPDATE/SHARE locking clauses, FETCH (allowed only as {@code FETCH FIRST/NEXT}),
     * COMMENT ON, SECURITY LABEL, START TRANSACTION and REPLACE INTO (via INTO).
     */
    public static final Set<String> KEYWORDS = Set.of(
            "insert", "update", "delete", "merge", "upsert", "truncate", "copy",
            "create", "drop", "alter", "grant", "revoke", "reassign",
            "call", "execute", "exec", "do", "lock",
            "vacuum", "analyze", "analyse", "reindex", "cluster", "refresh", "checkpoint",
            "listen", "notify", "unlisten",
            "prepare", "deallocate", "discard", "reset", "set",
            "begin", "commit", "rollback", "abort", "savepoint",
            "declare", "move", "import", "load", "explain");

    /** Data-modifying statements; when one appears inside WITH the guard says so specifically. */
    public static final Set<String> DATA_MODIFYING = Set.of("insert", "update", "delete", "merge", "upsert");

    /**
     * Functions rejected when called ({@code name(} possibly schema-qualified, or {@code x.name} as an Oracle
     * pseudo-column such as {@code seq.nextval}), mapped to the reason given to the client.
     * {@code currval} and {@code lastval} are allowed: they only read session state.
     */
    public static final Map<String, String> FUNCTIONS = Map.ofEntries(
            entry("set_config", EFFECTS),
            entry("nextval", EFFECTS),
            entry("setval", EFFECTS),
            entry("setseed", EFFECTS), // seeds random() for the rest of the pooled session
            entry("lo_import", EFFECTS),
            entry("lo_export", EFFECTS),
            entry("lo_create", EFFECTS),
            entry("lo_creat", EFFECTS),
            entry("lo_unlink", EFFECTS),
            entry("lo_put", EFFECTS),
            entry("lo_from_bytea", EFFECTS),
            entry("lo_truncate", EFFECTS),
            entry("lo_truncate64", EFFECTS),
            entry("lowrite", EFFECTS),
            entry("lo_open", EFFECTS),
            entry("pg_terminate_backend", EFFECTS),
            entry("pg_cancel_backend", EFFECTS),
            entry("pg_reload_conf", EFFECTS),
            entry("pg_rotate_logfile", EFFECTS),
            entry("pg_switch_wal", EFFECTS),
            entry("pg_switch_xlog", EFFECTS),
            entry("pg_promote", EFFECTS),
            entry("pg_notify", EFFECTS),
            entry("pg_drop_replication_slot", EFFECTS),
            entry("pg_replication_slot_advance", EFFECTS),
            entry("pg_import_system_collations", EFFECTS),
            entry("pg_log_backend_memory_contexts", EFFECTS),
            entry("pg_start_backup", EFFECTS),
            entry("pg_stop_backup", EFFECTS),
            entry("pg_backup_start", EFFECTS),
            entry("pg_backup_stop", EFFECTS),
            entry("txid_current", EFFECTS),
            entry("pg_current_xact_id", EFFECTS),
            entry("pg_stat_file", SERVER_FILES),
            entry("query_to_xml", DYNAMIC_SQL),
            entry("query_to_xml_and_xmlschema", DYNAMIC_SQL),
            entry("query_to_xmlschema", DYNAMIC_SQL),
            entry("cursor_to_xml", DYNAMIC_SQL),
            entry("cursor_to_xmlschema", DYNAMIC_SQL),
            entry("ts_stat", DYNAMIC_SQL),
            entry("ts_rewrite", DYNAMIC_SQL),
            entry("table_to_xml", TABLES_BY_NAME),
            entry("table_to_xmlschema", TABLES_BY_NAME),
            entry("table_to_xml_and_xmlschema", TABLES_BY_NAME),
            entry("httpuritype", REMOTE));

    /** Function name prefixes rejected when called, mapped to the reason given to the client. */
    public static final Map<String, String> FUNCTION_PREFIXES = Map.ofEntries(
            entry("pg_advisory_", EFFECTS),
            entry("pg_try_advisory_", EFFECTS),
            entry("pg_create_", EFFECTS),
            entry("pg_copy_", EFFECTS),
            entry("pg_replication_origin_", EFFECTS),
            entry("pg_stat_reset", EFFECTS),
            entry("pg_logical_", EFFECTS),
            entry("pg_wal_replay_", EFFECTS),
            entry("pg_xlog_replay_", EFFECTS),
            entry("pg_file_", EFFECTS),
            entry("pg_read_", SERVER_FILES),
            entry("pg_ls_", SERVER_FILES),
            entry("dblink", REMOTE),
            entry("schema_to_xml", TABLES_BY_NAME),
            entry("database_to_xml", TABLES_BY_NAME));

    /**
     * Views and functions rejected wherever the name appears (in FROM, called, schema-qualified or quoted),
     * mapped to the reason given to the client: they show what other sessions run. In PostgreSQL a role sees
     * the SQL of its own sessions in {@code pg_stat_activity}, and every FroNtier client uses the same role;
     * a pooled connection's {@code pg_prepared_statements} and {@code pg_cursors} hold earlier clients' SQL.
     */
    public static final Map<String, String> SESSION_VIEWS = Map.ofEntries(
            entry("pg_locks", OTHER_SESSIONS),
            entry("pg_lock_status", OTHER_SESSIONS),
            entry("pg_blocking_pids", OTHER_SESSIONS),
            entry("pg_safe_snapshot_blocking_pids", OTHER_SESSIONS),
            entry("pg_isolation_test_session_is_blocked", OTHER_SESSIONS),
            entry("pg_prepared_statements", OTHER_SESSIONS),
            entry("pg_prepared_statement", OTHER_SESSIONS),
            entry("pg_cursors", OTHER_SESSIONS),
            entry("pg_cursor", OTHER_SESSIONS),
            entry("pg_prepared_xacts", OTHER_SESSIONS),
            entry("pg_prepared_xact", OTHER_SESSIONS),
            entry("pg_backend_memory_contexts", OTHER_SESSIONS),
            entry("pg_get_backend_memory_contexts", OTHER_SESSIONS),
            entry("v$session", OTHER_SESSIONS),
            entry("v$sql", OTHER_SESSIONS),
            entry("v$sqlarea", OTHER_SESSIONS),
            entry("v$sqltext", OTHER_SESSIONS),
            entry("v$open_cursor", OTHER_SESSIONS));

    /**
     * Name prefixes rejected wherever the name appears, like {@link #SESSION_VIEWS}: {@code pg_stat} covers
     * {@code pg_stat_activity}, the {@code pg_stat_get_activity}/{@code pg_stat_get_backend_*} functions behind
     * it, {@code pg_stat_statements}, {@code pg_stat_ssl}, {@code pg_stat_progress_*}, {@code pg_statio_*} and
     * {@code pg_stats}.
     */
    public static final Map<String, String> SESSION_VIEW_PREFIXES = Map.ofEntries(
            entry("pg_stat", OTHER_SESSIONS));

    /**
     * Oracle package prefixes rejected wherever the name appears, called or not, qualified or not
     * ({@code dbms_lock.sleep(1)}, {@code sys.utl_http.request(...)}, {@code dbms_random.value}): the
     * DBMS_ and UTL_ packages lock, sleep, submit jobs, do file and network I/O and run dynamic SQL, and
     * telling the harmless members apart is not worth the risk.
     */
    public static final Map<String, String> PACKAGE_PREFIXES = Map.ofEntries(
            entry("dbms_", EFFECTS),
            entry("utl_", EFFECTS));
}
