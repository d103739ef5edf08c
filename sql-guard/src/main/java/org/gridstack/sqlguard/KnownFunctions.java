package org.gridstack.sqlguard;

import java.util.Set;

/**
 * Built-in functions (and type names used with a length, such as {@code varchar(10)}) that never read a
 * relation. Calling anything else, unqualified or qualified by a schema other than {@code pg_catalog} or
 * {@code sys}, makes {@link CheckedQuery#tablesComplete()} false, because a user-defined function can read
 * any table. This list only affects table completeness, never whether a query is accepted.
 */
final class KnownFunctions {
    private KnownFunctions() {
    }

    static final Set<String> RELATION_FREE = Set.of(
            // aggregates and grouping
            "count", "sum", "avg", "min", "max", "array_agg", "string_agg", "listagg", "stddev", "stddev_pop",
            "stddev_samp", "variance", "var_pop", "var_samp", "bool_and", "bool_or", "every", "bit_and", "bit_or",
            "json_agg", "jsonb_agg", "json_object_agg", "jsonb_object_agg", "xmlagg", "median", "percentile_cont",
            "percentile_disc", "mode", "corr", "covar_pop", "covar_samp", "grouping", "rollup", "cube",
            "json_arrayagg", "json_objectagg",
            // window functions
            "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
            "first_value", "last_value", "nth_value", "ratio_to_report",
            // conditional and comparison
            "coalesce", "nullif", "greatest", "least", "nvl", "nvl2", "decode", "lnnvl", "nanvl",
            // strings
            "lower", "upper", "initcap", "length", "char_length", "character_length", "octet_length",
            "bit_length", "substring", "substr", "trim", "ltrim", "rtrim", "btrim", "lpad", "rpad", "replace",
            "translate", "position", "strpos", "instr", "concat", "concat_ws", "left", "right", "reverse",
            "repeat", "split_part", "regexp_replace", "regexp_matches", "regexp_match", "regexp_substr",
            "regexp_instr", "regexp_like", "regexp_count", "regexp_split_to_array", "regexp_split_to_table",
            "starts_with", "format", "quote_ident", "quote_literal", "quote_nullable", "md5", "sha224",
            "sha256", "sha384", "sha512", "encode", "chr", "ascii", "to_hex", "overlay", "soundex", "normalize",
            "string_to_array", "array_to_string", "standard_hash", "ora_hash",
            // numbers
            "abs", "sign", "mod", "power", "sqrt", "cbrt", "exp", "ln", "log", "log10", "round", "trunc",
            "ceil", "ceiling", "floor", "div", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "pi",
            "degrees", "radians", "random", "width_bucket", "bitand", "scale",
            // dates and times
            "now", "clock_timestamp", "statement_timestamp", "transaction_timestamp", "age", "extract",
            "date_part", "date_trunc", "date_bin", "make_date", "make_time", "make_timestamp", "make_timestamptz",
            "make_interval", "justify_days", "justify_hours", "justify_interval", "isfinite", "add_months",
            "months_between", "last_day", "next_day", "from_tz", "sys_extract_utc", "numtodsinterval",
            "numtoyminterval", "to_dsinterval", "to_yminterval", "to_timestamp_tz",
            // conversion
            "cast", "treat", "to_char", "to_number", "to_date", "to_timestamp", "to_clob", "to_nchar",
            "hextoraw", "rawtohex", "to_json", "to_jsonb", "row_to_json", "array_to_json",
            // arrays and JSON
            "array_length", "array_position", "array_positions", "array_remove", "array_replace", "array_append",
            "array_prepend", "array_cat", "array_dims", "array_lower", "array_upper", "array_ndims", "cardinality",
            "unnest", "generate_series", "json_build_object", "json_build_array", "jsonb_build_object",
            "jsonb_build_array", "json_extract_path", "json_extract_path_text", "jsonb_extract_path",
            "jsonb_extract_path_text", "json_array_length", "jsonb_array_length", "jsonb_set", "jsonb_insert",
            "jsonb_pretty", "json_typeof", "jsonb_typeof", "jsonb_strip_nulls", "json_strip_nulls",
            "json_object", "json_array", "json_value", "json_query", "json_exists", "jsonb_path_query",
            "jsonb_path_exists", "jsonb_path_match", "xmlelement", "xmlforest", "xmlattributes", "xmlconcat",
            "xmlserialize",
            // type names written with a length or precision, and interval field precisions
            "varchar", "char", "character", "varying", "nchar", "nvarchar2", "varchar2", "numeric", "decimal",
            "number", "float", "bit", "varbit", "timestamp", "timestamptz", "time", "timetz", "interval", "raw",
            "year", "month", "day", "hour", "minute", "second");
}
