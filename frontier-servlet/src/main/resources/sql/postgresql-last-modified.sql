-- gridstack frontier-servlet: table modification times on PostgreSQL.
--
-- PostgreSQL does not record when a table last changed, so the servlet could not answer
-- If-Modified-Since with 304 or send Last-Modified. This script, run once by a database owner,
-- adds a small tracking table fed by statement-level triggers:
--   select gridstack_frontier.track_table('public.my_table');   -- one table
--   select gridstack_frontier.track_all_tables('public');       -- every table of a schema
-- Each INSERT/UPDATE/DELETE/TRUNCATE statement on a tracked table records a whole-second time
-- strictly later than the table's previous one (HTTP dates have one-second resolution, so two
-- changes within one second must still get different Last-Modified values), once per transaction,
-- and sends NOTIFY gridstack_frontier_modification so servlets update their memory at once.
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
  now_s timestamptz := date_trunc('second', clock_timestamp()) + interval '1 second';
  xact  text := pg_current_xact_id()::text;
BEGIN
  INSERT INTO gridstack_frontier.table_modification AS m (table_schema, table_name, modified_at, last_xact)
  VALUES (TG_TABLE_SCHEMA, TG_TABLE_NAME, now_s, xact)
  ON CONFLICT (table_schema, table_name) DO UPDATE
    SET modified_at = CASE WHEN m.last_xact = excluded.last_xact THEN m.modified_at
                           ELSE greatest(excluded.modified_at, m.modified_at + interval '1 second') END,
        last_xact = excluded.last_xact;
  PERFORM pg_notify('gridstack_frontier_modification', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION gridstack_frontier.track_table(target regclass) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  sch name;
  tbl name;
BEGIN
  SELECT n.nspname, c.relname INTO sch, tbl
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = target;
  EXECUTE format('CREATE OR REPLACE TRIGGER gridstack_frontier_modification'
                 ' AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s'
                 ' FOR EACH STATEMENT EXECUTE FUNCTION gridstack_frontier.record_modification()', target);
  INSERT INTO gridstack_frontier.table_modification (table_schema, table_name, modified_at)
  VALUES (sch, tbl, date_trunc('second', clock_timestamp()) + interval '1 second')
  ON CONFLICT DO NOTHING;
END
$fn$;

CREATE OR REPLACE FUNCTION gridstack_frontier.track_all_tables(schema_name name) RETURNS integer
LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
  n integer := 0;
BEGIN
  FOR r IN SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = schema_name AND c.relkind IN ('r', 'p') LOOP
    PERFORM gridstack_frontier.track_table(r.oid::regclass);
    n := n + 1;
  END LOOP;
  RETURN n;
END
$fn$;
