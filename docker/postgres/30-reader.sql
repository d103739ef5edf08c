-- The servlet's read-only role, as the frontier-servlet README asks operators to set up.
SELECT gridstack_frontier.track_all_tables('public');
CREATE ROLE frontier_reader LOGIN PASSWORD 'reader' NOSUPERUSER NOCREATEDB NOCREATEROLE;
GRANT USAGE ON SCHEMA public TO frontier_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO frontier_reader;
ALTER ROLE frontier_reader SET default_transaction_read_only = on;
-- bounds the temporary files (sorts, hashes) of one session; only a superuser can lift it
ALTER ROLE frontier_reader SET temp_file_limit = '512MB';
