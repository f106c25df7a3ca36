/**
 * MariaDB's and MySQL's filters and queries on a parse tree (after the lexical pass of guard.ts):
 * functions by the name the server resolves (backticks, case, schema), executable comments and
 * mode-dependent quoting refused before parsing, SQL the grammar cannot read refused naming where.
 */
import { describe, expect, it } from 'vitest';
import { checkUserSql } from '../../../src/sql/check-sql.js';

async function refusal(text: string, what: 'filter' | 'query'): Promise<string | undefined> {
  const checked = await checkUserSql(text, 'mysql', what);
  return 'problem' in checked ? checked.problem.message : undefined;
}

describe('MariaDB SQL is checked on its parse tree', () => {
  it.each([
    ['filter', "x = 1 /*!50000 OR load_file('/etc/passwd') IS NOT NULL */", /executable comment \(`\/\*!` at character 7\): MariaDB and MySQL run what such a comment holds/],
    ['query', "SELECT id /*M!100100 , load_file('/etc/passwd') */ FROM t", /executable comment \(`\/\*M!`/],
    ['query', 'SELECT /*+ MAX_EXECUTION_TIME(1) */ id FROM t', /executable comment \(`\/\*\+`/],
    ['filter', '1=1 # the rest', /comment \(`#`/],
    ['query', "SELECT `LOAD_FILE`('/etc/passwd') AS v", /calls `load_file\(\)`, which reads the server's files/],
    ['query', "SELECT `Load_File` ('/etc/passwd') AS v", /calls `load_file\(\)`/],
    ['query', "SELECT load_file(concat('/etc', '/', 'passwd')) AS v", /calls `load_file\(\)`/],
    ['filter', "(SELECT load_file(concat(char(47), 'etc/passwd'))) IS NOT NULL", /calls `load_file\(\)`/],
    ['query', "SELECT `mysql`.`sys_exec`('id') AS v", /calls `sys_exec\(\)`, which runs programs/],
    ['filter', "GET_LOCK('dc', 10) = 1", /calls `get_lock\(\)`, which takes or inspects locks/],
    ['filter', 'SLEEP(30) = 0', /calls `sleep\(\)`, which holds a worker/],
    ['query', 'SELECT id FROM t UNION SELECT BENCHMARK(100000000, md5(1))', /calls `benchmark\(\)`/],
    ['filter', 'master_pos_wait(1, 2) IS NULL', /waits on the server's replication/],
    ['query', 'SELECT id FROM t INTO OUTFILE \'/tmp/dc-out\'', /SELECT … INTO OUTFILE/],
    ['query', 'SELECT id FROM t INTO DUMPFILE \'/tmp/dc-out\'', /SELECT … INTO DUMPFILE/],
    ['query', 'SELECT id INTO @v FROM t', /SELECT … INTO: INTO writes a file or sets variables/],
    ['query', 'SELECT id FROM t FOR UPDATE', /uses FOR UPDATE: a locking read/],
    ['filter', 'id IN (SELECT id FROM t FOR UPDATE)', /uses FOR UPDATE/],
    ['query', 'SELECT id FROM t LOCK IN SHARE MODE', /uses LOCK IN SHARE MODE: a locking read/],
    ['query', 'SELECT @x := id FROM t', /uses `:=`: it sets a user variable/],
    ['query', 'DELETE FROM t', /one SELECT .*; it is a DELETE statement/],
    ['query', 'SELECT 1; DELETE FROM t', /has a `;`/],
    ['filter', '1=1) UNION SELECT secret FROM other WHERE (1=1', /closes a parenthesis it never opened/],
    // With NO_BACKSLASH_ESCAPES the server reads: 'a\' , load_file('/etc/passwd') -- a comment
    ['query', "SELECT 'a\\', load_file('/etc/passwd') -- '", /escapes a quote with a backslash \(at character 10\): under sql_mode NO_BACKSLASH_ESCAPES/],
    ['filter', 'a <=> NULL', /cannot parse \(at character 5: `> NULL`\)/],
  ] as const)('%s `%s`', async (what, text, expected) => {
    expect(await refusal(text, what)).toMatch(expected);
  });

  it('names the construct it cannot parse and how to write it', async () => {
    expect(await checkUserSql('a <=> b AND c = 1', 'mysql', 'filter')).toMatchInlineSnapshot(`
      {
        "problem": {
          "hint": "Write that part another way (a column named like a keyword in backticks, \`a <=> b\` as \`(a = b OR (a IS NULL AND b IS NULL))\`).",
          "message": "The filter uses MariaDB/MySQL syntax the service's SQL check cannot parse (at character 5: \`> b AND c = 1\`), and SQL it cannot read is not run.",
        },
      }
    `);
  });

  it('lets ordinary filters and queries through, with the functions they call', async () => {
    for (const filter of [
      "created_at >= NOW() - INTERVAL 7 DAY AND `status` = 'it''s' AND status <> 'x'",
      "name LIKE 'a%' AND note REGEXP '^x' AND amount DIV 2 = 1 AND `key` IS NOT NULL",
      'id IN (SELECT order_id FROM returns) AND COALESCE(qty, 0) BETWEEN 1 AND 10',
      "JSON_EXTRACT(doc, '$.a') = 1 AND DATE_FORMAT(d, '%Y') = '2024' AND CAST(x AS DECIMAL(10,2)) > 0",
      "body = 'a \\\\' AND txt = '/*!50000 not a comment, a string */'",
    ]) {
      expect(await refusal(filter, 'filter'), filter).toBeUndefined();
    }
    const checked = await checkUserSql("SELECT c.id, REPLACE(c.`Email`, '@', ' at ') AS contact, o.* FROM crm.customers c JOIN `orders` o ON o.customer_id = c.id;", 'mysql', 'query');
    expect(checked).toEqual({ reads: { functions: ['replace'], calls: ['replace'] } });
    expect(await checkUserSql('SELECT shop.customer_email(id) FROM t', 'mysql', 'query')).toEqual({ reads: { functions: ['customer_email'], calls: ['customer_email', 'shop'] } });
  });

  it('reads through error-based extraction, which is left to masking', async () => {
    const checked = await checkUserSql("SELECT extractvalue(1, concat(0x7e, (SELECT group_concat(email, ssn) FROM people))) AS x", 'mysql', 'query');
    expect(checked).toEqual({ reads: { functions: ['extractvalue', 'concat', 'group_concat'], calls: ['extractvalue', 'concat', 'group_concat'] } });
  });
});
