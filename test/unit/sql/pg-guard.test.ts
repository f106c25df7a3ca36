/**
 * PostgreSQL's filters and queries on its own parse tree: every spelling of a refused function is
 * the name the server resolves (unicode escapes, quotes, schema), statements that write are found
 * wherever they nest, and what the SQL reads is reported for the masking check.
 */
import { describe, expect, it } from 'vitest';
import { checkPostgres } from '../../../src/sql/pg-guard.js';
import { checkUserSql } from '../../../src/sql/check-sql.js';

async function refusal(text: string, what: 'filter' | 'query'): Promise<string | undefined> {
  const checked = await checkPostgres(text, what);
  return 'problem' in checked ? checked.problem.message : undefined;
}

describe('checkPostgres refuses by the name PostgreSQL resolves', () => {
  it.each([
    [`U&"pg\\005fread\\005ffile"('/etc/passwd') <> ''`, /calls `pg_read_file\(\)`, which reads the server's files/],
    [`U&"pg\\005fterminate\\005fbackend"(pg_backend_pid()) IS NOT NULL`, /calls `pg_terminate_backend\(\)`, which signals/],
    [`pg_catalog."pg_read_binary_file"('/etc/passwd') IS NOT NULL`, /`pg_read_binary_file\(\)`/],
    [`(SELECT count(*) FROM ts_stat('SELECT to_tsvector(secret) FROM other')) > 0`, /`ts_stat\(\)`, which runs SQL .* in a string/],
    [`ts_rewrite('a'::tsquery, 'SELECT t, s FROM x') IS NOT NULL`, /`ts_rewrite\(\)`/],
    [`query_to_xml('select 1', true, true, '') IS NOT NULL`, /`query_to_xml\(\)`/],
    [`table_to_xml('secrets', true, true, '') IS NOT NULL`, /`table_to_xml\(\)`/],
    [`set_config('default_transaction_read_only', 'off', false) <> ''`, /`set_config\(\)`, which changes the session/],
    [`pg_sleep(100) IS NOT NULL`, /`pg_sleep\(\)`, which holds a worker/],
    [`lo_import('/etc/passwd') > 0`, /`lo_import\(\)`/],
    [`(SELECT count(*) FROM pg_ls_dir('.')) > 0`, /`pg_ls_dir\(\)`/],
    [`dblink_exec('dbname=x', 'drop table t') = ''`, /`dblink_exec\(\)`/],
    [`pg_cancel_backend(1)`, /`pg_cancel_backend\(\)`/],
    [`EXISTS (WITH d AS (DELETE FROM t RETURNING 1) SELECT 1 FROM d)`, /uses a DELETE statement/],
    [`id IN (SELECT id FROM t FOR UPDATE)`, /FOR UPDATE \/ FOR SHARE/],
  ])('filter %s', async (filter, expected) => {
    expect(await refusal(filter, 'filter')).toMatch(expected);
  });

  it.each([
    [`SELECT U&"pg\\005fread\\005ffile"('/etc/passwd') AS line`, /`pg_read_file\(\)`/],
    [`SELECT * FROM ts_stat('select 1')`, /`ts_stat\(\)`/],
    [`WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d`, /uses a DELETE statement/],
    [`WITH m AS (MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE RETURNING t.*) SELECT * FROM m`, /uses a MERGE statement/],
    [`SELECT * INTO copy_of_t FROM t`, /SELECT … INTO/],
    [`SELECT id FROM t FOR SHARE`, /FOR UPDATE \/ FOR SHARE/],
    [`UPDATE t SET a = 1 RETURNING *`, /must be one SELECT .* reads an UPDATE statement/],
    [`SELECT 1; SELECT 2`, /single statement; PostgreSQL reads 2/],
    [`SELEC 1`, /not valid PostgreSQL: syntax error at or near "SELEC"/],
  ])('query %s', async (query, expected) => {
    expect(await refusal(query, 'query')).toMatch(expected);
  });

  it('lets ordinary filters and queries through, with the functions they call', async () => {
    for (const filter of ["created_at >= now() - interval '7 days'", "lower(name) ILIKE 'x%' AND random() < 0.5", "body = $$ ; DROP TABLE t; $$", "id IN (SELECT order_id FROM returns)"]) {
      expect(await refusal(filter, 'filter'), filter).toBeUndefined();
    }
    const checked = await checkPostgres(`SELECT c.id, replace(c.email, '@', ' at ') AS contact, o.* FROM crm.customers c JOIN orders o ON o.customer_id = c.id;`, 'query');
    // and every name it may reach a function by: `c.email` is `email(c)` when c has no column email, `=` an operator
    expect(checked).toEqual({ reads: { functions: ['replace'], calls: ['id', 'replace', 'email', '=', 'customer_id'] } });
    const builtIn = await checkPostgres("SELECT extract(year FROM d), substring(t FROM 2), pg_catalog.lower(t), public.lower(t), int '1', a OPERATOR(pg_catalog.+) 1 FROM x TABLESAMPLE system_rows(5)", 'query');
    expect(builtIn).toMatchObject({ reads: { calls: ['lower', 'system_rows'] } });
  });

  it('names the operators a query writes or implies and the types it casts to, as ways to reach a function', async () => {
    const checked = await checkPostgres(
      'SELECT CASE a WHEN 1 THEN (x).f END, a BETWEEN 1 AND 2, a OPERATOR(public.###) b, a IN (SELECT 1), a <> ALL (SELECT 2), a::wrap, CAST(a AS public.checked[]) FROM t NATURAL JOIN u ORDER BY a USING ~<~',
      'query',
    );
    expect(checked).toMatchObject({ reads: { calls: expect.arrayContaining(['=', 'f', '>=', '<=', '<', '>', '###', '<>', 'wrap', 'checked', '~<~']) } });
  });

  it('runs after the lexer, which refuses comments first', async () => {
    expect(await checkUserSql('1=1 -- x', 'postgres', 'filter')).toMatchObject({ problem: { message: expect.stringMatching(/comment/) } });
    expect(await checkUserSql(`U&"pg\\005fread\\005ffile"('/etc/passwd') <> ''`, 'postgres', 'filter')).toMatchObject({ problem: { message: expect.stringMatching(/pg_read_file/) } });
    // MariaDB's SQL is parsed by its own grammar (mysql-guard.test.ts), where this is no valid call.
    expect(await checkUserSql(`U&"pg\\005fread\\005ffile"('/etc/passwd') <> ''`, 'mysql', 'filter')).toMatchObject({ problem: { message: expect.stringMatching(/cannot parse/) } });
  });
});
