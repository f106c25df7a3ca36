/**
 * Whether a data source's role can do more than read: a PostgreSQL superuser or member of the roles
 * that read or write the server's files, run programs or signal other sessions; a MariaDB/MySQL
 * account with FILE, SUPER, PROCESS, SHUTDOWN or any grant that writes. Such a role turns any gap in
 * the SQL check into the server's files or other sessions, so the service refuses it (unless the
 * operator opts in) and the CLI and action warn.
 *
 * Each finding carries the recipe for a role that only reads the schemas compared: statements that
 * create a new role and grant it reading, never statements that change the role found (that role is
 * often the server's administrator account: `ALTER ROLE postgres NOSUPERUSER` or `REVOKE ALL … FROM
 * root` copied from a warning would lock the administrators out).
 */
import type { ConnectionConfig, DatabaseSession } from '../dialects/types.js';
import { loadDialect } from '../dialects/registry.js';
import type { Logger } from '../shared/logger.js';

export interface PrivilegeFinding {
  /** The role as the database names it: `postgres`, `'root'@'localhost'`. */
  role: string;
  /** What it holds beyond reading: `superuser`, `pg_read_server_files`, `FILE`, `INSERT`… */
  privileges: string[];
  /** The statements (run by an administrator) that create a role reading only the compared schemas. */
  recipe: string;
}

/**
 * The schemas (MySQL: databases) a data source's comparisons read, as the database names them
 * (PostgreSQL folds an unquoted name to lower case), and whether some read the connection's default
 * schema (an unqualified table) or what only their SQL says (a query).
 */
export interface ComparedSchemas {
  schemas: readonly string[];
  unqualified: boolean;
  queries: boolean;
}

/** Nothing known of what is compared (the service's check of a new data source): the default schema. */
const DEFAULT_ONLY: ComparedSchemas = { schemas: [], unqualified: true, queries: true };

/** The role the recipe creates. */
const READER = 'datacompare_reader';

const PG_ROLES = ['pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program', 'pg_signal_backend'];

/** MariaDB/MySQL privileges that only read (everything else writes, reaches files or administers). */
const READING = new Set(['SELECT', 'SHOW VIEW', 'USAGE', 'SHOW DATABASES']);

/** The finding for the role of this connection (or of one of its sessions), or null when it only reads. Only PostgreSQL and MariaDB/MySQL have roles. */
export async function privilegedRole(connection: DatabaseSession, signal?: AbortSignal, compared: ComparedSchemas = DEFAULT_ONLY): Promise<PrivilegeFinding | null> {
  // Our own catalog questions, with no user text: PostgreSQL asks them without a transaction around them.
  const options = { ...(signal && { signal }), catalog: true };
  if (connection.dialect === 'postgres') {
    const [row] = await connection.query(
      `SELECT current_user AS role, r.rolsuper AS superuser, current_database() AS db, current_schema() AS schema,
        ARRAY(SELECT g.rolname::text FROM pg_catalog.pg_roles g WHERE g.rolname = ANY($1::text[]) AND pg_has_role(current_user, g.oid, 'MEMBER') ORDER BY 1) AS member_of
       FROM pg_catalog.pg_roles r WHERE r.rolname = current_user`,
      [PG_ROLES],
      options,
    );
    if (!row) return null;
    // a superuser is a member of every role: the superuser is what it holds
    const memberOf = row.superuser === true ? [] : (Array.isArray(row.member_of) ? row.member_of : String(row.member_of ?? '').replace(/[{}]/g, '').split(',')).map(String).filter(Boolean);
    const privileges = [...(row.superuser === true ? ['superuser'] : []), ...memberOf];
    if (privileges.length === 0) return null;
    const schemas = schemasToGrant(compared, row.schema, '"');
    const recipe = [
      `CREATE ROLE ${READER} LOGIN PASSWORD '…';`,
      `GRANT CONNECT ON DATABASE ${quoteWith('"', String(row.db))} TO ${READER};`,
      ...schemas.flatMap((schema) => [`GRANT USAGE ON SCHEMA ${schema} TO ${READER};`, `GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${READER};`]),
    ].join(' ');
    return { role: String(row.role), privileges, recipe: recipe + otherSchemas(compared, 'the same two GRANTs') };
  }
  if (connection.dialect === 'mysql') {
    const [who] = await connection.query('SELECT CURRENT_USER() AS role, DATABASE() AS db', [], options);
    const role = String(who?.role ?? '');
    // without FOR: MariaDB adds the grants of the roles in use
    const grants = await connection.query('SHOW GRANTS', [], options);
    const held = new Set<string>();
    for (const row of grants) {
      const text = String(Object.values(row)[0] ?? '');
      const match = /^GRANT\s+(.+?)\s+ON\s+\S+\s+TO\s+\S+/i.exec(text);
      if (!match) continue;
      for (const raw of (match[1] as string).split(',')) {
        const privilege = raw.trim().replace(/\s*\(.*\)$/, '').toUpperCase();
        if (!READING.has(privilege)) held.add(privilege);
      }
      if (/WITH GRANT OPTION/i.test(text)) held.add('GRANT OPTION');
    }
    if (held.size === 0) return null;
    const account = `'${READER}'@'%'`;
    const databases = schemasToGrant(compared, who?.db, '`');
    const recipe = [`CREATE USER ${account} IDENTIFIED BY '…';`, ...databases.map((database) => `GRANT SELECT, SHOW VIEW ON ${database}.* TO ${account};`)].join(' ');
    return { role, privileges: [...held], recipe: recipe + otherSchemas(compared, 'the same GRANT') };
  }
  return null;
}

/** The schemas named by the comparisons, then the default one when a comparison reads it, quoted; a placeholder when none is known. */
function schemasToGrant(compared: ComparedSchemas, defaultSchema: unknown, quote: '"' | '`'): string[] {
  const schemas = new Set(compared.schemas);
  if ((compared.unqualified || compared.queries) && typeof defaultSchema === 'string') schemas.add(defaultSchema);
  return schemas.size > 0 ? [...schemas].map((schema) => quoteWith(quote, schema)) : ['your_schema'];
}

/** The sentence for schemas only the comparisons' SQL names (or, for the service, every comparison to come). */
function otherSchemas(compared: ComparedSchemas, statements: string): string {
  return compared.queries ? ` (and ${statements} for each other schema the comparisons read)` : '';
}

function quoteWith(quote: '"' | '`', name: string): string {
  return `${quote}${name.replaceAll(quote, quote + quote)}${quote}`;
}

/** Opens the data source, asks, closes; `signal` (a stopped run) ends the question early. */
export async function checkPrivileges(
  config: ConnectionConfig,
  options: { logger: Logger; datasourceName: string; timeLimitMs?: number; signal?: AbortSignal; compared?: ComparedSchemas },
): Promise<PrivilegeFinding | null> {
  const dialect = await loadDialect(config.type);
  const connection = dialect.connect(config, { logger: options.logger, datasourceName: options.datasourceName, poolSize: 1, statementTimeoutMs: options.timeLimitMs ?? 10_000 });
  try {
    const timeout = AbortSignal.timeout(options.timeLimitMs ?? 10_000);
    return await privilegedRole(connection, options.signal ? AbortSignal.any([options.signal, timeout]) : timeout, options.compared);
  } finally {
    await connection.close().catch(() => {});
  }
}

/** One sentence for the service's refusal or the CLI's warning: what the role holds, and the recipe of a role that only reads. */
export function describeFinding(datasourceName: string, finding: PrivilegeFinding): string {
  return (
    `Data source "${datasourceName}" connects as ${finding.role}, which holds ${finding.privileges.join(', ')}: with it, SQL can reach the server's files, programs or other sessions, or write. ` +
    `Connect as a role that only reads instead; an administrator creates one with: ${finding.recipe} Then put ${READER} and its password in the data source's url.`
  );
}
