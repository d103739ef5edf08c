package org.gridstack.dqp.coordinator;

import java.util.List;

/**
 * The curated queries of the differential test: every operator, type and function the README
 * claims, each at least once, over the demo tables (with their NULLs). Immutable.
 */
final class DifferentialCorpus {
    private DifferentialCorpus() {
    }

    static final List<String> QUERIES = List.of(
            // scans of every table and type
            "select * from protein_goterm",
            "select * from protein_interaction",
            "select orf, length, molecularweight, ismembrane, description from protein_sequences",
            "select * from goterms",
            "select * from measurements",
            "select id, orf from annotations",
            // literals and arithmetic of every numeric type, PostgreSQL's result types
            "select 1.0/3, 0.1+0.2, cast(1.25 as decimal(5,2)), 2.5 * 2, 7 / 2, -7 / 2, 7 % 3, -7 % 3, 7.5 % 2",
            "select 1e0/3, 2.5e0 * 2, cast(0.1 as real) + 1, cast(3 as smallint) * 2, cast(5000000000 as bigint) * 3",
            "select 10.0 / 4, 1 / 3.0, 123456789.123 / 0.007, 2 / 3.000, 0.001 / 7, 100000 / 3.5",
            "select cast(2.5 as integer), cast(-2.5 as integer), cast(2.5e0 as integer), cast(3.5e0 as integer), cast(-0.5 as bigint)",
            "select cast(1.005 as numeric(10,2)), cast(-1.005 as numeric(10,2)), cast(12.3456 as numeric(6,1)), cast(7 as numeric)",
            "select cast('42' as integer), cast(' 7 ' as bigint), cast('2.50' as numeric), cast('1.5' as double precision)",
            "select cast(12 as varchar), cast(1.50 as varchar), cast(true as varchar), cast(2.5e0 as varchar), cast(1e20 as varchar)",
            "select cast(0.0001e0 as varchar), cast(0.00001e0 as varchar), cast(123456789012345e0 as varchar), cast(-0.5e0 as varchar)",
            "select abs(-3), abs(-2.5), abs(-1.5e0), floor(2.5), ceil(2.5), floor(-2.5e0), ceil(-2.5e0), round(2.5), round(-2.5)",
            "select round(2.5e0), round(3.5e0), round(-2.5e0), round(1.2345, 2), round(-1.2345, 3), sign(-2.5), sqrt(16e0), power(2, 10)",
            "select ln(1e0), exp(0e0), mod(17, 5), mod(-17, 5), 17 % -5",
            // three-valued logic
            "select null = 1, null is null, not (null = 1), (null = 1) is null, true and null, false and null, true or null, false or null",
            "select cast(null as integer) + 1, coalesce(null, 2), nullif(1, 1), nullif(1, 2), 1 is distinct from null,"
                + " null is not distinct from null",
            "select count(*) from goterms where definition = 'x' or definition is null",
            "select count(*) from goterms where not (definition like '%cell%')",
            "select count(*) from goterms where (definition like '%cell%') is not true",
            "select count(*) from goterms where (definition like '%cell%') is false",
            "select count(*) from protein_interaction where experimenter not in ('Uetz P', 'Ito T')",
            "select count(*) from protein_interaction where experimenter in ('Uetz P', null)",
            // filters of every column type, pushed down or not
            "select orf, length from protein_sequences where length between 300 and 302",
            "select orf from protein_sequences where length > 500.5 and length < 505",
            "select count(*) from protein_sequences where length > 500.5",
            "select orf, molecularweight * 1.5, length * 0.5, length / 3, molecularweight / 4 from protein_sequences where orf like 'YCL00%'",
            "select count(*) from protein_sequences where molecularweight > 50000.5",
            "select id, name from goterms where isobsolete and namespace = 'molecular_function'",
            "select id from goterms where id like 'GO:19%' and not isobsolete",
            "select orf, replicate from measurements where replicate = 2",
            "select id, total from measurements where total > 1000000000000 and total < 2000000000000",
            "select id, ratio from measurements where ratio > 100.25",
            "select id, ratio from measurements where ratio = -12.5",
            "select id, concentration from measurements where concentration > 1000.5 and concentration <= 1500",
            "select id, concentration from measurements where concentration = 42.125 or concentration < -400",
            "select id, sample_day from measurements where sample_day > date '2025-06-01'",
            "select id, sample_day from measurements where sample_day between date '2024-03-01' and date '2024-06-30'",
            "select id, start_time from measurements where start_time < time '06:00:00'",
            "select id, taken_at from measurements where taken_at >= timestamp '2026-01-01 00:00:00'",
            "select id, logged_at from measurements where logged_at < timestamp '2024-06-01 12:00:00'",
            "select id, raw from measurements where raw is null",
            "select id, raw from measurements where raw is not null and id < 40",
            "select id from measurements where replicate is null or total is null or ratio is null",
            // strings
            "select upper(name), lower(name), char_length(name), substring(name from 2 for 3), trim(' x ' || name || ' ')"
                + " from goterms where id like 'GO:000%'",
            "select substring(id from 0 for 3), substring(id from 4), position('0' in id), replace(id, 'GO:', 'go-') from goterms"
                + " where namespace = 'cellular_component'",
            "select trim(leading 'G' from id), trim(trailing '0' from id), trim(both 'G' from id) from goterms where id like '%0'",
            "select name || ' / ' || namespace from goterms where isobsolete",
            "select case when ismembrane then 'hi' else 'hello' end, count(*) from protein_sequences group by 1",
            "select case when length > 900 then 'long' when length > 500 then 'mid' end as size, count(*)"
                + " from protein_sequences group by case when length > 900 then 'long' when length > 500 then 'mid' end",
            "select coalesce(description, 'none'), count(*) from protein_sequences where orf like 'YCL0%'"
                + " group by coalesce(description, 'none')",
            "select coalesce(experimenter, 'unknown') as who, count(*) from protein_interaction group by 1",
            // dates and times
            "select id, extract(year from sample_day), extract(month from sample_day), extract(day from sample_day),"
                + " extract(dow from sample_day), extract(doy from sample_day), extract(quarter from sample_day) from measurements",
            "select id, extract(hour from taken_at), extract(minute from taken_at), extract(hour from start_time) from measurements",
            // EXTRACT is numeric: seconds and epochs keep their fraction, integer-looking fields divide as numeric
            "select id, extract(second from taken_at), extract(second from start_time), extract(second from logged_at) from measurements",
            "select id, extract(epoch from taken_at), extract(epoch from sample_day), extract(epoch from logged_at) from measurements",
            "select id, extract(epoch from start_time) from measurements",
            "select extract(epoch from time '01:02:03.5'), extract(epoch from cast(null as time)), extract(epoch from time '23:59:59.999999')",
            "select max(extract(second from date '2026-02-25')) from protein_interaction where false",
            "select id, extract(year from sample_day) / 7, extract(day from taken_at) * 1.5, extract(minute from taken_at) / 4"
                + " from measurements",
            "select extract(second from timestamp '2024-02-29 13:14:15.25'), extract(epoch from timestamp '1969-12-31 23:59:59.5'),"
                + " extract(second from time '01:02:03.000004')",
            // date arithmetic as PostgreSQL's: date +/- integer is a date, date - date an integer; no such operator for bigint
            "select sample_day + 1 from measurements",
            "select sample_day - sample_day from measurements",
            "select id, sample_day + 1, 1 + sample_day, sample_day - 1, sample_day - date '2024-01-01', sample_day + replicate,"
                + " replicate + sample_day, sample_day - replicate, sample_day - id from measurements",
            "select date '2024-01-31' + 1, date '2024-03-01' - 1, date '2024-03-01' - date '2024-01-01', cast(2 as smallint) + date '2024-02-28'",
            "select id from measurements where sample_day + 30 > date '2025-06-01' and sample_day - 3 < date '2026-01-01'",
            "select max(sample_day - date '2024-01-01'), min(sample_day + 7), count(distinct sample_day + 1) from measurements",
            "select sample_day - date '2025-01-01' as days, count(*) from measurements group by 1",
            "select sample_day + cast(1 as bigint) from measurements",
            "select sample_day + 1.5 from measurements",
            "select 1 - sample_day from measurements",
            // intervals are not carried: refused by name
            "select taken_at + interval '1' day from measurements",
            "select sample_day + interval '1' day from measurements",
            "select taken_at - taken_at from measurements",
            // real with an integer or numeric is double precision, as PostgreSQL resolves it; real % integer does not exist
            "select id, ratio + 1, ratio * 1.5, id - ratio, ratio / 4, replicate * ratio, total + ratio, concentration - ratio,"
                + " ratio + ratio from measurements",
            "select cast(1.1 as real) + 1, cast(1.1 as real) - cast(2 as smallint), cast(1.1 as real) * cast(3 as bigint),"
                + " cast(1.1 as real) / 3, 1 / cast(3 as real), cast(1.1 as real) + 1.5, cast(null as real) + 1, cast(1.1 as real) + 2.5e0",
            "select sum(ratio + 1), avg(ratio * 2), max(ratio - id), min(ratio + replicate) from measurements",
            "select replicate, sum(ratio * replicate) from measurements where ratio + replicate > 10 group by replicate",
            "select cast(1.5 as real) + 1 = 2.5, cast(1.1 as real) + 1 > 2.1, coalesce(ratio + 1, 0) from measurements where id < 20",
            "select ratio % 2 from measurements",
            // an integer with a numeric of a declared scale: PostgreSQL's common type is numeric, each value keeps its scale
            "select id, case when id > 2 then id else 2.5 end, coalesce(replicate, 0.25), case when id < 3 then 7 else 123.456 end,"
                + " coalesce(replicate, cast(1 as numeric(10,2))) from measurements",
            "select cast(replicate as numeric(10,2)) from measurements union all select id from measurements",
            "select coalesce(cast(2 as numeric(10,2)), 3), nullif(id, 2.5), coalesce(concentration, id) from measurements",
            // CASE and COALESCE of real with numeric are real in PostgreSQL; with double precision double precision
            "select id, case when id > 2 then ratio else 2.5 end, coalesce(ratio, 0.25), coalesce(ratio, id, 1.5),"
                + " coalesce(cast(null as real), concentration), case when id > 1 then ratio else cast(2.5 as double precision) end"
                + " from measurements",
            "select coalesce(cast(1.1 as real), 2.5), case when 1 < 2 then cast(1.1 as real) else 3 end,"
                + " coalesce(cast(null as smallint), cast(2 as integer), cast(3 as bigint)), coalesce(cast(null as real), cast(1.1 as numeric(10,2)), 3)",
            // a CASE Calcite's simplification folds to one branch keeps that branch's scale
            "select coalesce(cast(null as numeric(10,2)), 3), coalesce(cast(null as numeric(10,2)), 2.5),"
                + " case when 1 > 2 then cast(1 as numeric(10,3)) else -2 end, coalesce(cast(null as numeric(5,1)), cast(7.25 as numeric(6,2)))",
            "select id, coalesce(cast(null as numeric(10,2)), id), nullif(cast(1.1 as real), 2.5) from measurements",
            // LIKE with ESCAPE, and PostgreSQL's default escape (backslash)
            "select id, name like 'DNA!_%' escape '!', name like '%!%%' escape '!', name like 'DNA%' escape '' from goterms"
                + " where id like 'GO:000%'",
            "select count(*) from goterms where name like '%\\_%'",
            "select 'a_c' like 'a\\_c', 'abc' like 'a\\_c', '50%' like '50\\%', 'x%' like 'x#%' escape '#'",
            "select cast(taken_at as date), cast(sample_day as timestamp), cast(taken_at as time) from measurements where id < 50",
            "select cast('2024-02-29' as date), cast('2024-02-29 13:14:15' as timestamp), cast('13:14:15' as time)",
            "select date '2024-01-31', time '23:59:59', timestamp '2024-01-31 23:59:59'",
            "select cast(sample_day as varchar), cast(taken_at as varchar), cast(start_time as varchar) from measurements where id < 30",
            "select min(sample_day), max(sample_day), min(taken_at), max(logged_at), min(start_time) from measurements",
            "select sample_day, count(*) from measurements group by sample_day",
            // aggregates: PostgreSQL's result types, widening sums, DISTINCT
            "select count(*), sum(repeats), min(experimenter), max(repeats), avg(repeats) from protein_interaction",
            "select avg(molecularweight), max(length), count(description), avg(length), sum(length) from protein_sequences",
            "select sum(total), sum(replicate), avg(total), avg(replicate), sum(concentration), avg(concentration), sum(ratio), avg(ratio)"
                + " from measurements",
            "select sum(x) from (values (2147483647), (2147483647)) t(x)",
            "select sum(y) from (values (9223372036854775807), (9223372036854775807)) u(y)",
            "select avg(x) from (values (1), (2)) t(x)",
            "select count(distinct orf), count(distinct gotermidentifier), count(*) from protein_goterm",
            "select experimenter, count(distinct orf1), count(*) from protein_interaction group by experimenter",
            "select count(distinct replicate), count(distinct concentration), count(distinct sample_day) from measurements",
            "select namespace, count(*), sum(case when isobsolete then 1 else 0 end), min(id), max(id) from goterms group by namespace",
            "select replicate, count(*), sum(total), avg(ratio), min(concentration), max(concentration) from measurements group by replicate",
            "select ismembrane, count(*), avg(molecularweight) from protein_sequences group by ismembrane having count(*) > 100",
            "select count(*), sum(repeats) from protein_interaction where repeats > 100",
            "select count(*) from protein_goterm",
            "select count(*) from protein_goterm where orf like 'Y%'",
            // joins: inner, left, right, full, across the two databases, with aggregates
            "select i.orf2 from protein_goterm as p, protein_interaction as i where p.orf = i.orf",
            "select g.namespace, count(*) as n, sum(i.repeats) from protein_goterm pg join goterms g on g.id = pg.gotermidentifier"
                + " join protein_interaction i on i.orf = pg.orf group by g.namespace",
            "select g.id, pg.orf from goterms g left join protein_goterm pg on pg.gotermidentifier = g.id and pg.orf like 'YCL0%'",
            "select m.id, a.id from measurements m left join annotations a on a.orf = m.orf",
            "select m.id, a.id from measurements m right join annotations a on a.orf = m.orf",
            "select m.id, a.id from measurements m full join annotations a on a.id = m.id + 280",
            "select m.id, a.id, a.orf from measurements m full join annotations a on a.orf = m.orf and a.id < 20",
            "select count(*), count(a.id), count(m.id) from measurements m full join annotations a on a.id = m.id",
            "select m.id, a.id from measurements m join annotations a on a.id < 3 and m.id < 4",
            "select m.id, s.length from measurements m join protein_sequences s on s.orf = m.orf where s.length > 600",
            "select m.replicate, count(*) from measurements m join annotations a on a.orf = m.orf group by m.replicate",
            // set operations
            "select orf from measurements union select orf from annotations",
            "select orf from measurements union all select orf from annotations",
            "select orf from measurements intersect select orf from annotations",
            "select orf from measurements intersect all select orf from measurements where id < 100",
            "select orf from measurements except select orf from annotations",
            "select replicate from measurements except all select replicate from measurements where id < 150",
            "select replicate from measurements union select cast(null as smallint)",
            "select id, orf from annotations where id < 5 union all select id, orf from measurements where id < 3",
            "select orf2 from protein_interaction where repeats = 1 except select orf from protein_sequences where length < 400",
            // sub-queries
            "select id, orf from measurements where orf in (select orf from annotations)",
            "select id from measurements where id not in (select id from annotations)",
            "select id from measurements where id not in (select replicate from measurements where replicate is not null)",
            "select count(*) from measurements where exists (select 1 from annotations where id > 40)",
            "select count(*) from measurements where not exists (select 1 from annotations where id > 400)",
            "select id, total from measurements where total > (select avg(total) from measurements)",
            "select (select max(id) from annotations), (select count(*) from goterms)",
            "select count(*) from protein_sequences where orf in (select orf1 from protein_interaction where repeats = 5)",
            // ORDER BY, LIMIT, OFFSET, NULLs first and last
            "select orf, length from protein_sequences order by length desc, orf limit 25",
            "select id from goterms order by id limit 10 offset 5",
            "select id, replicate from measurements order by replicate, id",
            "select id, replicate from measurements order by replicate desc, id",
            "select id, concentration from measurements order by concentration, id limit 20",
            "select id, sample_day from measurements order by sample_day desc, id limit 20",
            "select id, taken_at from measurements order by taken_at, id limit 20",
            "select experimenter, count(*) from protein_interaction group by experimenter order by 2 desc, 1",
            // VALUES and no table
            "select 1 + 2 as three, 'x' as letter",
            "select * from (values (1, 'a'), (2, 'b'), (3, null)) t(n, s)",
            "select 'hi' || 'there', upper('abc'), lower('ABC'), char_length('héllo'), position('l' in 'hello')",
            // empty results
            "select * from goterms where id = 'GO:none'",
            "select p.orf from protein_goterm p join protein_sequences s on s.orf = p.orf where s.length < 0",
            "select count(*), sum(total), avg(total), min(orf) from measurements where id < 0",
            // refusals: types the engine does not carry, constructs it does not run
            "select * from annotations",
            "select rank() over (order by id) from measurements",
            "select id, (select max(a.id) from annotations a where a.orf = m.orf) from measurements m");
}
