-- Demo dataset of the gridstack FroNtier servlet (plain PostgreSQL SQL; loaded by an
-- administrative connection, then served through a read-only role).
--   ./gridstack run                      (or)
--   java -jar frontier-servlet/target/frontier-servlet.jar --frontier.demo-schema=frontier-servlet/demo/demo-schema.sql

SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;

-- One column per wire-relevant type, with NULLs and awkward text.
CREATE TABLE T_TYPES (
  id  integer PRIMARY KEY,
  i4  integer,
  i8  bigint,
  f4  real,
  f8  double precision,
  n   numeric(12, 3),
  s   varchar(100),
  ts  timestamp,
  b   bytea
);

INSERT INTO T_TYPES VALUES
 (1, 0, 0, 0, 0, 0, '', '1970-01-01 00:00:00', '\x'),
 (2, 42, 42000000000, 1.5, 2.25, 12.5, 'hello', '2024-01-02 03:04:05', '\x68656c6c6f'),
 (3, -1, -1, -0.5, -1e-300, -7.125, 'O''Reilly & <friends>', '1999-12-31 23:59:59.999', '\x00ff'),
 (4, 2147483647, 9223372036854775807, 'Infinity', 'NaN', 999999999.999, 'grüße, 日本語, 😀', 'infinity', '\xdeadbeef'),
 (5, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
 (6, 6, 6, 6.5, 6.5, 6, E'tab\tand\nnewline', '2026-11-21 12:00:00', decode(repeat('ab', 64), 'hex'));

-- About 1 MB of results: 10000 rows of 100-character strings, for throughput experiments.
CREATE TABLE T_STRING (string varchar(100));
INSERT INTO T_STRING (string)
SELECT substr(replace(encode(decode(
         md5('x' || i) || md5('y' || i) || md5('z' || i) || md5('w' || i) || md5('v' || i),
         'hex'), 'base64'), E'\n', ''), 1, 100)
FROM generate_series(1, 10000) AS g(i)
ORDER BY i;

CREATE TABLE T_EMPTY (id integer, s varchar(100));

-- A small conditions database in the shape HEP experiments serve through FroNtier:
-- payloads valid from a run number ("since") onwards, grouped by tag.
CREATE TABLE conditions (
  tag     varchar(64) NOT NULL,
  since   bigint      NOT NULL,
  name    varchar(64) NOT NULL,
  payload bytea       NOT NULL,
  PRIMARY KEY (tag, since, name)
);

INSERT INTO conditions
SELECT t.tag, r.since, 'channel-' || c.ch,
       decode(md5(t.tag || ':' || r.since || ':' || c.ch) || md5(c.ch::text || ':' || r.since || ':' || t.tag), 'hex')
FROM (VALUES ('pedestals-v1'), ('pedestals-v2'), ('gains-v1')) AS t(tag),
     generate_series(100000, 100900, 100) AS r(since),
     generate_series(1, 16) AS c(ch);

ANALYZE;
