-- A conditions database shaped like one written by COOL (the LCG conditions API the thesis's
-- experiment 4 drove through CORAL and FroNtier): the database attributes, the folder tree, and
-- one single-version folder /cond/f0001 with its channel table and its interval-of-validity
-- (IOV) table. 10,000 channels, each with 5 consecutive intervals [0,1000), [1000,2000), ...,
-- [4000, max): reading the conditions valid at one time returns one IOV per channel, 10,000 rows
-- of about 150 characters (the thesis: 10,000 rows of 159 bytes, 1.52 MB). The payload column X0
-- is 100 hexadecimal characters (md5 text), so zlib halves it, like the thesis's compressible data.
-- Column names are quoted upper case as COOL (on Oracle) names them; every value is text or
-- integer, so the FroNtier answer and PostgreSQL's own agree character for character.
CREATE TABLE COOL_DB_ATTRIBUTES (
  "DB_ATTRIBUTE_NAME" varchar(255) PRIMARY KEY,
  "DB_ATTRIBUTE_VALUE" varchar(4000) NOT NULL);
INSERT INTO COOL_DB_ATTRIBUTES VALUES
  ('DEFAULT_TABLE_PREFIX', 'COOL'),
  ('RELEASE', '2.2.0'),
  ('SCHEMA_VERSION', '2.0.0'),
  ('NODE_TABLE_NAME', 'COOL_NODES'),
  ('TAG_TABLE_NAME', 'COOL_TAGS'),
  ('IOVMAX', '9223372036854775807'),
  ('IOVMIN', '0');

CREATE TABLE COOL_NODES (
  "NODE_ID" integer PRIMARY KEY,
  "NODE_PARENTID" integer NOT NULL,
  "NODE_NAME" varchar(255) NOT NULL,
  "NODE_FULLPATH" varchar(255) NOT NULL UNIQUE,
  "NODE_DESCRIPTION" varchar(255) NOT NULL,
  "NODE_ISLEAF" integer NOT NULL,
  "NODE_INSTIME" varchar(255) NOT NULL,
  "FOLDER_VERSIONING" integer NOT NULL,
  "FOLDER_PAYLOADSPEC" varchar(4000) NOT NULL,
  "FOLDER_IOVTABLENAME" varchar(255) NOT NULL,
  "FOLDER_CHANNELTABLENAME" varchar(255) NOT NULL);
INSERT INTO COOL_NODES VALUES
  (0, 0, '', '/', 'root folder set', 0, '2007-03-01_12:00:00.000000000 GMT', -1, '', '', ''),
  (1, 0, 'cond', '/cond', 'conditions', 0, '2007-03-01_12:00:00.000000000 GMT', -1, '', '', '');
INSERT INTO COOL_NODES
  SELECT 1 + f, 1, 'f' || lpad(f::text, 4, '0'), '/cond/f' || lpad(f::text, 4, '0'), 'single-version folder ' || f, 1,
         '2007-03-01_12:00:00.000000000 GMT', 0, 'X0:String255',
         'IOV_F' || lpad(f::text, 4, '0') || '_IOVS', 'IOV_F' || lpad(f::text, 4, '0') || '_CHANNELS'
  FROM generate_series(1, 50) f;

CREATE TABLE IOV_F0001_CHANNELS (
  "CHANNEL_ID" integer PRIMARY KEY,
  "CHANNEL_NAME" varchar(255) NOT NULL,
  "DESCRIPTION" varchar(255) NOT NULL,
  "LASTMOD_DATE" varchar(255) NOT NULL);
INSERT INTO IOV_F0001_CHANNELS
  SELECT c, 'module_' || c, 'detector module ' || c, '2007-03-01_12:00:00.000000000 GMT' FROM generate_series(0, 9999) c;

CREATE TABLE IOV_F0001_IOVS (
  "OBJECT_ID" integer PRIMARY KEY,
  "CHANNEL_ID" integer NOT NULL,
  "IOV_SINCE" bigint NOT NULL,
  "IOV_UNTIL" bigint NOT NULL,
  "USER_TAG_ID" integer NOT NULL,
  "SYS_INSTIME" varchar(255) NOT NULL,
  "LASTMOD_DATE" varchar(255) NOT NULL,
  "ORIGINAL_ID" integer NOT NULL,
  "NEW_HEAD_ID" integer NOT NULL,
  "X0" varchar(255) NOT NULL);
INSERT INTO IOV_F0001_IOVS
  SELECT 1 + k * 10000 + c, c, k * 1000,
         CASE WHEN k = 4 THEN 9223372036854775807 ELSE (k + 1) * 1000 END,
         0,
         to_char(timestamp '2007-03-01 12:00:00' + (k * 10000 + c) * interval '1 second', 'YYYY-MM-DD_HH24:MI:SS') || '.000000000 GMT',
         to_char(timestamp '2007-03-01 12:00:00' + (k * 10000 + c) * interval '1 second', 'YYYY-MM-DD_HH24:MI:SS') || '.000000000 GMT',
         0, 0,
         substr(md5('x0:' || c || ':' || k) || md5('x1:' || c || ':' || k) || md5('x2:' || c || ':' || k) || md5('x3:' || c || ':' || k), 1, 100)
  FROM generate_series(0, 9999) c, generate_series(0, 4) k;
CREATE INDEX iov_f0001_iovs_since_until ON IOV_F0001_IOVS ("IOV_SINCE", "IOV_UNTIL");
CREATE INDEX iov_f0001_iovs_channel_since ON IOV_F0001_IOVS ("CHANNEL_ID", "IOV_SINCE");
ANALYZE COOL_DB_ATTRIBUTES;
ANALYZE COOL_NODES;
ANALYZE IOV_F0001_CHANNELS;
ANALYZE IOV_F0001_IOVS;
