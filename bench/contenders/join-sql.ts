/**
 * The same-database baseline: the FULL OUTER JOIN a competent user writes by hand to list the rows
 * that differ between two tables of one PostgreSQL database (NULL-safe `IS DISTINCT FROM` on the
 * row of compared columns), every differing row sent to the client and counted there. Only for
 * scenarios with both tables in PostgreSQL (same-db), where datacompare plans a join diff.
 */
import { postgresClient } from './connections.js';
import type { Contender } from './types.js';

export const joinSql: Contender = async ({ scenario, postgresUrl }) => {
  if (scenario.targetEngine !== 'postgres') throw new Error(`join-sql needs both tables in PostgreSQL; ${scenario.name} has its target in MariaDB.`);
  const client = await postgresClient(postgresUrl);
  try {
    const k = scenario.key;
    const row = (alias: string) => `(${scenario.columns.map((c) => `${alias}.${c}`).join(', ')})`;
    const { rows } = await client.query<{ s_key: string | null; t_key: string | null }>(
      `select s.${k} as s_key, t.${k} as t_key, s.*, t.* from ${scenario.source} s full outer join ${scenario.target} t on s.${k} = t.${k} ` +
        `where s.${k} is null or t.${k} is null or ${row('s')} is distinct from ${row('t')}`,
    );
    const found = { changed: 0, onlyInSource: 0, onlyInTarget: 0 };
    for (const r of rows) {
      if (r.t_key === null) found.onlyInSource++;
      else if (r.s_key === null) found.onlyInTarget++;
      else found.changed++;
    }
    return { rows: { source: rows.length, target: 0 }, found };
  } finally {
    await client.end();
  }
};
