package org.gridstack.client.frontier.jdbc;

import com.google.errorprone.annotations.ThreadSafe;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.gridstack.client.frontier.Attempt;
import org.gridstack.client.frontier.FrontierException;
import org.gridstack.client.frontier.FrontierResult;
import org.gridstack.client.frontier.SqlTypes;

/**
 * What a SQL tool asks a connection first: identification, the capabilities of a read-only,
 * forward-only driver without transactions, and {@code getTables}/{@code getColumns}/{@code getSchemas}
 * read from {@code information_schema} through the FroNtier client (so they work when the servlet
 * runs on PostgreSQL; an Oracle server answers with an SQL error, which becomes an SQLException
 * naming the cause). Answers that depend on the database behind the servlet (keyword lists,
 * identifier case, limits...) are not given: the protocol does not say which database that is.
 * The implementation behind the {@link DatabaseMetaData} proxy. Thread-safe (immutable).
 */
@ThreadSafe
final class FrontierDatabaseMetaData implements JdbcObject {
    /** Schemas whose tables are reported as SYSTEM TABLE / SYSTEM VIEW (PostgreSQL's). */
    private static final Set<String> SYSTEM_SCHEMAS = Set.of("pg_catalog", "information_schema");

    /** The DatabaseMetaData methods answering with a result set that this driver does not give. */
    private static final Set<String> CATALOGUE_QUERIES = Set.of("getProcedures", "getProcedureColumns", "getColumnPrivileges",
            "getTablePrivileges", "getBestRowIdentifier", "getVersionColumns", "getPrimaryKeys", "getImportedKeys", "getExportedKeys",
            "getCrossReference", "getTypeInfo", "getIndexInfo", "getUDTs", "getSuperTypes", "getSuperTables", "getAttributes",
            "getClientInfoProperties", "getFunctions", "getFunctionColumns", "getPseudoColumns");

    private static final JdbcDispatcher<DatabaseMetaData, FrontierDatabaseMetaData> DISPATCHER = JdbcDispatcher
            .builder(DatabaseMetaData.class, FrontierDatabaseMetaData.class)
            .neverClosed()
            // identification
            .constant("getUserName", null)
            .constant("getDriverName", "gridstack FroNtier JDBC")
            .constant("getDriverVersion", FrontierDriver.MAJOR_VERSION + "." + FrontierDriver.MINOR_VERSION)
            .constant("getDriverMajorVersion", FrontierDriver.MAJOR_VERSION)
            .constant("getDriverMinorVersion", FrontierDriver.MINOR_VERSION)
            .constant("getDatabaseProductName", "FroNtier")
            .constant("getDatabaseProductVersion", "unknown")
            .constant("getDatabaseMajorVersion", 0)
            .constant("getDatabaseMinorVersion", 0)
            .constant("getJDBCMajorVersion", 4)
            .constant("getJDBCMinorVersion", 3)
            .constant("getSQLStateType", DatabaseMetaData.sqlStateSQL)
            // read-only, no transactions, forward-only
            .constant("isReadOnly", true)
            .constant("supportsTransactions", false)
            .constant("getDefaultTransactionIsolation", Connection.TRANSACTION_NONE)
            .constant("supportsMultipleTransactions", false)
            .constant("supportsDataDefinitionAndDataManipulationTransactions", false)
            .constant("supportsDataManipulationTransactionsOnly", false)
            .constant("dataDefinitionCausesTransactionCommit", false)
            .constant("dataDefinitionIgnoredInTransactions", false)
            .constant("supportsOpenCursorsAcrossCommit", false)
            .constant("supportsOpenCursorsAcrossRollback", false)
            .constant("supportsOpenStatementsAcrossCommit", false)
            .constant("supportsOpenStatementsAcrossRollback", false)
            .constant("autoCommitFailureClosesAllResultSets", false)
            .constant("supportsSavepoints", false)
            .constant("getResultSetHoldability", ResultSet.CLOSE_CURSORS_AT_COMMIT)
            .constant("supportsBatchUpdates", false)
            .constant("supportsPositionedDelete", false)
            .constant("supportsPositionedUpdate", false)
            .constant("supportsSelectForUpdate", false)
            .constant("supportsAlterTableWithAddColumn", false)
            .constant("supportsAlterTableWithDropColumn", false)
            .constant("supportsGetGeneratedKeys", false)
            .constant("generatedKeyAlwaysReturned", false)
            .constant("supportsStoredProcedures", false)
            .constant("supportsStoredFunctionsUsingCallSyntax", false)
            .constant("allProceduresAreCallable", false)
            .constant("allTablesAreSelectable", false)
            .constant("supportsNamedParameters", false)
            .constant("supportsMultipleOpenResults", false)
            .constant("supportsMultipleResultSets", false)
            .constant("supportsStatementPooling", false)
            .constant("locatorsUpdateCopy", false)
            .constant("getRowIdLifetime", RowIdLifetime.ROWID_UNSUPPORTED)
            .constant("usesLocalFiles", false)
            .constant("usesLocalFilePerTable", false)
            .constant("supportsConvert", false)
            .constant("supportsIntegrityEnhancementFacility", false)
            // names: no catalogs; schema-qualified names in queries
            .constant("getIdentifierQuoteString", "\"")
            .constant("getSearchStringEscape", "\\")
            .constant("getSchemaTerm", "schema")
            .constant("getProcedureTerm", "procedure")
            .constant("getCatalogTerm", "catalog")
            .constant("getCatalogSeparator", ".")
            .constant("isCatalogAtStart", true)
            .constant("supportsSchemasInDataManipulation", true)
            .constant("supportsSchemasInProcedureCalls", false)
            .constant("supportsSchemasInTableDefinitions", false)
            .constant("supportsSchemasInIndexDefinitions", false)
            .constant("supportsSchemasInPrivilegeDefinitions", false)
            .constant("supportsCatalogsInDataManipulation", false)
            .constant("supportsCatalogsInProcedureCalls", false)
            .constant("supportsCatalogsInTableDefinitions", false)
            .constant("supportsCatalogsInIndexDefinitions", false)
            .constant("supportsCatalogsInPrivilegeDefinitions", false)
            // SQL that PostgreSQL and Oracle (the servlet's two databases) both have
            .constant("nullsAreSortedHigh", true)
            .constant("nullsAreSortedLow", false)
            .constant("nullsAreSortedAtStart", false)
            .constant("nullsAreSortedAtEnd", false)
            .constant("supportsMixedCaseIdentifiers", false)
            .constant("supportsMixedCaseQuotedIdentifiers", true)
            .constant("storesMixedCaseQuotedIdentifiers", false)
            .constant("storesUpperCaseQuotedIdentifiers", false)
            .constant("storesLowerCaseQuotedIdentifiers", false)
            .constant("supportsColumnAliasing", true)
            .constant("supportsTableCorrelationNames", true)
            .constant("supportsDifferentTableCorrelationNames", false)
            .constant("supportsExpressionsInOrderBy", true)
            .constant("supportsOrderByUnrelated", true)
            .constant("supportsGroupBy", true)
            .constant("supportsGroupByUnrelated", true)
            .constant("supportsGroupByBeyondSelect", true)
            .constant("supportsLikeEscapeClause", true)
            .constant("supportsNonNullableColumns", true)
            .constant("supportsMinimumSQLGrammar", true)
            .constant("supportsCoreSQLGrammar", false)
            .constant("supportsExtendedSQLGrammar", false)
            .constant("supportsANSI92EntryLevelSQL", true)
            .constant("supportsANSI92IntermediateSQL", false)
            .constant("supportsANSI92FullSQL", false)
            .constant("supportsOuterJoins", true)
            .constant("supportsFullOuterJoins", true)
            .constant("supportsLimitedOuterJoins", true)
            .constant("supportsSubqueriesInComparisons", true)
            .constant("supportsSubqueriesInExists", true)
            .constant("supportsSubqueriesInIns", true)
            .constant("supportsSubqueriesInQuantifieds", true)
            .constant("supportsCorrelatedSubqueries", true)
            .constant("supportsUnion", true)
            .constant("supportsUnionAll", true)
            .interfaceDefaults("getMaxLogicalLobSize", "supportsRefCursors", "supportsSharding")
            .reason(CATALOGUE_QUERIES::contains,
                    " by the FroNtier JDBC driver (of the catalogue queries, only getTables, getColumns, getSchemas,"
                            + " getCatalogs and getTableTypes are)")
            .reason(n -> true, " by the FroNtier JDBC driver: the answer depends on the database behind the FroNtier server,"
                    + " which the protocol does not name")
            .build();

    private final FrontierConnection connection;

    private FrontierDatabaseMetaData(FrontierConnection connection) {
        this.connection = Objects.requireNonNull(connection, "connection is null");
    }

    static DatabaseMetaData open(FrontierConnection connection) {
        return DISPATCHER.proxy(new FrontierDatabaseMetaData(connection));
    }

    /** Never closed itself; its queries fail once the connection is closed. */
    @Override
    public boolean isClosed() {
        return false;
    }

    public String getURL() {
        return connection.url();
    }

    public Connection getConnection() {
        return connection.proxy();
    }

    /** Zero for every limit: JDBC's "no limit or not known" (the database behind the servlet decides). */
    public int getMaxBinaryLiteralLength() {
        return 0;
    }

    public int getMaxCharLiteralLength() {
        return 0;
    }

    public int getMaxColumnNameLength() {
        return 0;
    }

    public int getMaxColumnsInSelect() {
        return 0;
    }

    public int getMaxConnections() {
        return 0;
    }

    public int getMaxStatements() {
        return 0;
    }

    public int getMaxStatementLength() {
        return 0;
    }

    public int getMaxRowSize() {
        return 0;
    }

    public int getMaxTableNameLength() {
        return 0;
    }

    public int getMaxSchemaNameLength() {
        return 0;
    }

    public int getMaxTablesInSelect() {
        return 0;
    }

    public boolean supportsResultSetType(int type) {
        return type == ResultSet.TYPE_FORWARD_ONLY;
    }

    public boolean supportsResultSetConcurrency(int type, int concurrency) {
        return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
    }

    public boolean supportsResultSetHoldability(int holdability) {
        return holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    public boolean supportsTransactionIsolationLevel(int level) {
        return level == Connection.TRANSACTION_NONE;
    }

    public boolean supportsConvert(int fromType, int toType) {
        return false;
    }

    // read-only: no own or others' changes, nothing detected
    public boolean ownUpdatesAreVisible(int type) {
        return false;
    }

    public boolean ownDeletesAreVisible(int type) {
        return false;
    }

    public boolean ownInsertsAreVisible(int type) {
        return false;
    }

    public boolean othersUpdatesAreVisible(int type) {
        return false;
    }

    public boolean othersDeletesAreVisible(int type) {
        return false;
    }

    public boolean othersInsertsAreVisible(int type) {
        return false;
    }

    public boolean updatesAreDetected(int type) {
        return false;
    }

    public boolean deletesAreDetected(int type) {
        return false;
    }

    public boolean insertsAreDetected(int type) {
        return false;
    }

    /** None: FroNtier names no catalog (TABLE_CAT is always NULL). */
    public ResultSet getCatalogs() {
        return FrontierResultSet.open(null, new MetadataTable("TABLE_CAT", "varchar"), 0);
    }

    public ResultSet getTableTypes() {
        MetadataTable t = new MetadataTable("TABLE_TYPE", "varchar");
        for (String type : List.of("FOREIGN TABLE", "LOCAL TEMPORARY", "SYSTEM TABLE", "SYSTEM VIEW", "TABLE", "VIEW")) {
            t.add(type);
        }
        return FrontierResultSet.open(null, t, 0);
    }

    public ResultSet getSchemas() throws SQLException {
        return getSchemas(null, null);
    }

    /** TABLE_SCHEM, TABLE_CATALOG (NULL) from {@code information_schema.schemata}, ordered by TABLE_SCHEM. */
    public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
        MetadataTable t = new MetadataTable("TABLE_SCHEM", "varchar", "TABLE_CATALOG", "varchar");
        if (namesNoCatalog(catalog)) {
            return FrontierResultSet.open(null, t, 0);
        }
        Query q = new Query("getSchemas", 1, "select schema_name from information_schema.schemata");
        q.like("schema_name", schemaPattern);
        FrontierResult r = q.run("schema_name");
        for (int i = 0; i < r.rowCount(); i++) {
            t.add(r.getString(i, 0), null);
        }
        return FrontierResultSet.open(null, t.sortBy(0).from(r), 0);
    }

    /**
     * TABLE_CAT (NULL), TABLE_SCHEM, TABLE_NAME, TABLE_TYPE (TABLE, VIEW, SYSTEM TABLE, SYSTEM VIEW,
     * FOREIGN TABLE, LOCAL TEMPORARY), REMARKS and the self-referencing columns (NULL), from
     * {@code information_schema.tables}, ordered by TABLE_TYPE, TABLE_SCHEM, TABLE_NAME.
     */
    public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types) throws SQLException {
        MetadataTable t = new MetadataTable("TABLE_CAT", "varchar", "TABLE_SCHEM", "varchar", "TABLE_NAME", "varchar",
                "TABLE_TYPE", "varchar", "REMARKS", "varchar", "TYPE_CAT", "varchar", "TYPE_SCHEM", "varchar", "TYPE_NAME", "varchar",
                "SELF_REFERENCING_COL_NAME", "varchar", "REF_GENERATION", "varchar");
        if (namesNoCatalog(catalog)) {
            return FrontierResultSet.open(null, t, 0);
        }
        Query q = new Query("getTables", 3, "select table_schema, table_name, table_type from information_schema.tables");
        q.like("table_schema", schemaPattern);
        q.like("table_name", tableNamePattern);
        FrontierResult r = q.run("table_schema, table_name");
        Set<String> wanted = types == null ? null : Set.of(types);
        for (int i = 0; i < r.rowCount(); i++) {
            String schema = r.getString(i, 0);
            String type = jdbcTableType(schema, r.getString(i, 2));
            if (wanted == null || wanted.contains(type)) {
                t.add(null, schema, r.getString(i, 1), type, null, null, null, null, null, null);
            }
        }
        return FrontierResultSet.open(null, t.sortBy(3, 1, 2).from(r), 0);
    }

    private static String jdbcTableType(String schema, String informationSchemaType) {
        boolean system = SYSTEM_SCHEMAS.contains(schema) || schema.startsWith("pg_");
        return switch (informationSchemaType == null ? "" : informationSchemaType) {
            case "BASE TABLE" -> system ? "SYSTEM TABLE" : "TABLE";
            case "VIEW" -> system ? "SYSTEM VIEW" : "VIEW";
            case "FOREIGN" -> "FOREIGN TABLE";
            default -> informationSchemaType;
        };
    }

    /**
     * The 24 JDBC columns from {@code information_schema.columns}, ordered by TABLE_SCHEM,
     * TABLE_NAME, ORDINAL_POSITION. TYPE_NAME is PostgreSQL's {@code udt_name} (int4, varchar...,
     * as in the header record of an answer) and DATA_TYPE the {@code java.sql.Types} the driver's
     * ResultSetMetaData reports for that name.
     */
    public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
            throws SQLException {
        MetadataTable t = new MetadataTable("TABLE_CAT", "varchar", "TABLE_SCHEM", "varchar", "TABLE_NAME", "varchar",
                "COLUMN_NAME", "varchar", "DATA_TYPE", "int4", "TYPE_NAME", "varchar", "COLUMN_SIZE", "int4", "BUFFER_LENGTH", "int4",
                "DECIMAL_DIGITS", "int4", "NUM_PREC_RADIX", "int4", "NULLABLE", "int4", "REMARKS", "varchar", "COLUMN_DEF", "varchar",
                "SQL_DATA_TYPE", "int4", "SQL_DATETIME_SUB", "int4", "CHAR_OCTET_LENGTH", "int4", "ORDINAL_POSITION", "int4",
                "IS_NULLABLE", "varchar", "SCOPE_CATALOG", "varchar", "SCOPE_SCHEMA", "varchar", "SCOPE_TABLE", "varchar",
                "SOURCE_DATA_TYPE", "int2", "IS_AUTOINCREMENT", "varchar", "IS_GENERATEDCOLUMN", "varchar");
        if (namesNoCatalog(catalog)) {
            return FrontierResultSet.open(null, t, 0);
        }
        Query q = new Query("getColumns", 14, "select table_schema, table_name, column_name, ordinal_position, column_default,"
                + " is_nullable, udt_name, character_maximum_length, character_octet_length, numeric_precision,"
                + " numeric_precision_radix, numeric_scale, datetime_precision, is_identity from information_schema.columns");
        q.like("table_schema", schemaPattern);
        q.like("table_name", tableNamePattern);
        q.like("column_name", columnNamePattern);
        FrontierResult r = q.run("table_schema, table_name, ordinal_position");
        for (int i = 0; i < r.rowCount(); i++) {
            String def = r.getString(i, 4);
            String isNullable = r.getString(i, 5);
            String udt = r.getString(i, 6);
            Integer charLength = integer(r, i, 7);
            Integer precision = integer(r, i, 9);
            Integer scale = integer(r, i, 11);
            Integer datetimePrecision = integer(r, i, 12);
            boolean auto = "YES".equals(r.getString(i, 13)) || def != null && def.startsWith("nextval(");
            int nullable = "NO".equals(isNullable) ? DatabaseMetaData.columnNoNulls
                    : "YES".equals(isNullable) ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNullableUnknown;
            t.add(null, r.getString(i, 0), r.getString(i, 1), r.getString(i, 2), SqlTypes.jdbcType(udt), udt,
                    charLength != null ? charLength : precision, null,
                    scale != null ? scale : datetimePrecision, integer(r, i, 10), nullable, null, def,
                    null, null, integer(r, i, 8), integer(r, i, 3),
                    isNullable == null ? "" : isNullable, null, null, null, null, auto ? "YES" : "NO", "");
        }
        return FrontierResultSet.open(null, t.from(r), 0);
    }

    /** An information_schema number (cardinal_number), null for NULL. */
    private static Integer integer(FrontierResult r, int row, int column) throws SQLException {
        if (r.isNull(row, column)) {
            return null;
        }
        try {
            return r.getInt(row, column);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new SQLException("DatabaseMetaData: column " + r.columnNames().get(column) + " of information_schema: " + e.getMessage(), e);
        }
    }

    /** JDBC: a non-empty catalog name matches nothing here (there are no catalogs); null and "" do not narrow. */
    private static boolean namesNoCatalog(String catalog) {
        return catalog != null && !catalog.isEmpty();
    }

    /** An information_schema query with LIKE conditions sent as FroNtier bind variables. */
    private final class Query {
        private final String method;
        private final int columns;
        private final StringBuilder sql;
        private final List<String> binds = new ArrayList<>();

        /** {@code select} names {@code columns} columns, which the answer must have. */
        Query(String method, int columns, String select) {
            this.method = method;
            this.columns = columns;
            this.sql = new StringBuilder(select);
        }

        void like(String column, String pattern) throws SQLException {
            if (pattern == null || pattern.equals("%")) {
                return;
            }
            if (pattern.indexOf(':') >= 0) {
                throw new SQLException("DatabaseMetaData." + method + ": the pattern '" + pattern
                        + "' contains ':', which the FroNtier bind syntax cannot carry");
            }
            sql.append(binds.isEmpty() ? " where " : " and ").append(column).append(" like ?");
            binds.add(pattern);
        }

        FrontierResult run(String orderBy) throws SQLException {
            connection.checkOpen();
            StringBuilder text = new StringBuilder(sql).append(" order by ").append(orderBy);
            for (String b : binds) {
                text.append(':').append(b);
            }
            FrontierResult r;
            try {
                r = connection.client().query(text.toString(), connection.options());
            } catch (FrontierException e) {
                boolean sqlError = e.attempts().stream().anyMatch(a -> a.outcome() == Attempt.Outcome.SQL_ERROR);
                throw new SQLException("DatabaseMetaData." + method + " reads information_schema through the FroNtier server, "
                        + (sqlError ? "whose database refused the query (information_schema exists on PostgreSQL, not on Oracle): "
                                : "which did not answer: ") + e.getMessage(), sqlError ? "42000" : "08006", e);
            } catch (IllegalArgumentException e) {
                throw new SQLException("DatabaseMetaData." + method + ": cannot send the query: " + e.getMessage(), e);
            }
            if (r.columnCount() != columns) {
                throw new SQLException("DatabaseMetaData." + method + ": the server answered the information_schema query with "
                        + r.columnNames() + " instead of " + columns + " columns");
            }
            return r;
        }
    }

    @Override
    public String toString() {
        return "FrontierDatabaseMetaData[" + connection.url() + "]";
    }
}
