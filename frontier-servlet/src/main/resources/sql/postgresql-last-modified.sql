-- gridstack frontier-servlet: table modification times and change notifications on PostgreSQL.
--
-- PostgreSQL does not record when a table last changed, so the servlet could not answer
-- If-Modified-Since with 304 or send Last-Modified. This script, run once by a database owner
-- (again to upgrade; it is idempotent), adds a small tracking table fed by statement-level triggers:
--   select gridstack_frontier.track_table('public.my_table');        -- one table
--   select gridstack_frontier.track_table('public.my_table', 50);    -- ... sending row images of up to 50 rows
--   select gridstack_frontier.track_all_tables('public');            -- every table of a schema (default 10)
-- Each INSERT/UPDATE/DELETE/TRUNCATE statement on a tracked table records a whole-second time
-- strictly later than the table's previous one (HTTP dates have one-second resolution, so two
-- changes within one second must still get different Last-Modified values), once per transaction,
-- and sends NOTIFY gridstack_frontier_modification so servlets update their memory at once and
-- purge cached answers that may have changed.
--
-- NOTIFY payload, version 1 (one JSON object per statement; identifiers as the catalog spells them):
--   {"v":1,"schema":"public","table":"t","at":1764000000}
--       table-only form: anything in the table may have changed (TRUNCATE; more rows than the
--       table's limit; a payload that would not fit NOTIFY's 8000 bytes; limit 0)
--   {"v":1,"schema":"public","table":"t","at":1764000000,"op":"UPDATE","old":[{...}],"new":[{...}]}
--       row form: the statement changed exactly these rows (row_to_json images; INSERT has "old":[],
--       DELETE has "new":[]). "at" is the table's modified_at (epoch seconds) after this statement,
--       so a listener can tell whether it has seen every change up to the time it reads.
-- Readers that only need "table t changed" read "schema" and "table"; a payload that is not a
-- JSON object (version 0 was the bare text schema.table) means "something changed".
-- Row images come from transition tables (REFERENCING OLD/NEW TABLE, one trigger per event because
-- PostgreSQL does not allow transition tables on a trigger with more than one event, nor on
-- TRUNCATE); they cost memory (spilling to disk) for large statements, like any transition table.
-- Readers (the servlet's read-only role) only need SELECT on the tracking table; it is granted
-- to PUBLIC because modification times are not secret.

CREATE SCHEMA IF NOT EXISTS gridstack_frontier;

CREATE TABLE IF NOT EXISTS gridstack_frontier.table_modification (
  table_schema name        NOT NULL,
  table_name   name        NOT NULL,
  modified_at  timestamptz NOT NULL,
  last_xact    text,
  PRIMARY KEY (table_schema, table_name)
);

GRANT USAGE ON SCHEMA gridstack_frontier TO PUBLIC;
GRANT SELECT ON gridstack_frontier.table_modification TO PUBLIC;

CREATE OR REPLACE FUNCTION gridstack_frontier.record_modification() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $fn$
DECLARE
  now_s     timestamptz := date_trunc('second', clock_timestamp()) + interval '1 second';
  xact      text := pg_current_xact_id()::text;
  -- trigger argument: most rows whose images are sent per statement (0: always table-only)
  max_rows  integer := CASE WHEN TG_NARGS > 0 THEN TG_ARGV[0]::integer ELSE 0 END;
  at_s      timestamptz;
  n         bigint := 0;
  old_json  text := '[]';
  new_json  text := '[]';
  head      text;
  payload   text;
BEGIN
  INSERT INTO gridstack_frontier.table_modification AS m (table_schema, table_name, modified_at, last_xact)
  VALUES (TG_TABLE_SCHEMA, TG_TABLE_NAME, now_s, xact)
  ON CONFLICT (table_schema, table_name) DO UPDATE
    SET modified_at = CASE WHEN m.last_xact = excluded.last_xact THEN m.modified_at
                           ELSE greatest(excluded.modified_at, m.modified_at + interval '1 second') END,
        last_xact = excluded.last_xact
  RETURNING m.modified_at INTO at_s;
  head := '{"v":1,"schema":' || to_json(TG_TABLE_SCHEMA::text)::text || ',"table":' || to_json(TG_TABLE_NAME::text)::text
          || ',"at":' || extract(epoch FROM at_s)::bigint::text;
  payload := head || '}';
  IF TG_OP <> 'TRUNCATE' AND max_rows > 0 THEN
    -- count at most max_rows + 1 rows: a huge statement must not be read twice
    IF TG_OP = 'DELETE' THEN
      SELECT count(*) INTO n FROM (SELECT 1 FROM gridstack_old_rows LIMIT max_rows + 1) k;
    ELSE
      SELECT count(*) INTO n FROM (SELECT 1 FROM gridstack_new_rows LIMIT max_rows + 1) k;
    END IF;
    IF n <= max_rows THEN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        SELECT coalesce(json_agg(row_to_json(o)), '[]')::text INTO old_json FROM gridstack_old_rows o;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        SELECT coalesce(json_agg(row_to_json(r)), '[]')::text INTO new_json FROM gridstack_new_rows r;
      END IF;
      -- NOTIFY refuses payloads of 8000 bytes or more (default block size)
      IF octet_length(head) + octet_length(old_json) + octet_length(new_json) + 40 < 8000 THEN
        payload := head || ',"op":"' || TG_OP || '","old":' || old_json || ',"new":' || new_json || '}';
      END IF;
    END IF;
  END IF;
  PERFORM pg_notify('gridstack_frontier_modification', payload);
  RETURN NULL;
END
$fn$;

-- version 1 added the row limit argument; drop the old signatures so calls are not ambiguous
DROP FUNCTION IF EXISTS gridstack_frontier.track_table(regclass);
DROP FUNCTION IF EXISTS gridstack_frontier.track_all_tables(name);

CREATE OR REPLACE FUNCTION gridstack_frontier.track_table(target regclass, max_rows integer DEFAULT 10) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  sch name;
  tbl name;
BEGIN
  IF max_rows IS NULL OR max_rows < 0 THEN
    RAISE EXCEPTION 'max_rows must be 0 (table-only notifications) or more, not %', max_rows;
  END IF;
  SELECT n.nspname, c.relname INTO sch, tbl
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = target;
  -- version 0 had one trigger for all events, which cannot have transition tables
  EXECUTE format('DROP TRIGGER IF EXISTS gridstack_frontier_modification ON %s', target);
  EXECUTE format('CREATE OR REPLACE TRIGGER gridstack_frontier_modification_insert AFTER INSERT ON %s'
                 ' REFERENCING NEW TABLE AS gridstack_new_rows'
                 ' FOR EACH STATEMENT EXECUTE FUNCTION gridstack_frontier.record_modification(%s)', target, max_rows);
  EXECUTE format('CREATE OR REPLACE TRIGGER gridstack_frontier_modification_update AFTER UPDATE ON %s'
                 ' REFERENCING OLD TABLE AS gridstack_old_rows NEW TABLE AS gridstack_new_rows'
                 ' FOR EACH STATEMENT EXECUTE FUNCTION gridstack_frontier.record_modification(%s)', target, max_rows);
  EXECUTE format('CREATE OR REPLACE TRIGGER gridstack_frontier_modification_delete AFTER DELETE ON %s'
                 ' REFERENCING OLD TABLE AS gridstack_old_rows'
                 ' FOR EACH STATEMENT EXECUTE FUNCTION gridstack_frontier.record_modification(%s)', target, max_rows);
  EXECUTE format('CREATE OR REPLACE TRIGGER gridstack_frontier_modification_truncate AFTER TRUNCATE ON %s'
                 ' FOR EACH STATEMENT EXECUTE FUNCTION gridstack_frontier.record_modification(0)', target);
  INSERT INTO gridstack_frontier.table_modification (table_schema, table_name, modified_at)
  VALUES (sch, tbl, date_trunc('second', clock_timestamp()) + interval '1 second')
  ON CONFLICT DO NOTHING;
END
$fn$;

CREATE OR REPLACE FUNCTION gridstack_frontier.track_all_tables(schema_name name, max_rows integer DEFAULT 10) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
  n integer := 0;
BEGIN
  FOR r IN SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = schema_name AND c.relkind IN ('r', 'p') LOOP
    PERFORM gridstack_frontier.track_table(r.oid::regclass, max_rows);
    n := n + 1;
  END LOOP;
  RETURN n;
END
$fn$;
