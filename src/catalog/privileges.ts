/**
 * Whether a data source's role can do more than read: a PostgreSQL superuser or member of the roles
 * that read or write the server's files, run programs or signal other sessions; a MariaDB/MySQL
 * account with FILE, SUPER, PROCESS, SHUTDOWN or any grant that writes. Such a role turns any gap in
 * the SQL check into the server's files or other sessions, so the service refuses it (unless the
 * operator opts in) and the CLI and action warn. Each finding carries the exact statements that fix it.
 */
import type { ConnectionConfig, DatabaseConnection } from '../dialects/types.js';
import { loadDialect } from '../dialects/registry.js';
import type { Logger } from '../shared/logger.js';

export interface PrivilegeFinding {
  /** The role as the database names it: `postgres`, `'root'@'localhost'`. */
  role: string;
  /** What it holds beyond reading: `superuser`, `pg_read_server_files`, `FILE`, `INSERT`… */
  privileges: string[];
  /** The statements (run by an administrator) that leave only reading. */
  fix: string;
}

const PG_ROLES = ['pg_read_server_files', 'pg_write_server_files', 'pg_execute_server_program', 'pg_signal_backend'];

/** MariaDB/MySQL privileges that only read (everything else writes, reaches files or administers). */
const READING = new Set(['SELECT', 'SHOW VIEW', 'USAGE', 'SHOW DATABASES']);

/** The finding for this connection's role, or null when it only reads. Only PostgreSQL and MariaDB/MySQL have roles. */
export async function privilegedRole(connection: DatabaseConnection, signal?: AbortSignal): Promise<PrivilegeFinding | null> {
  // Our own catalog questions, with no user text: PostgreSQL asks them without a transaction around them.
  const options = { ...(signal && { signal }), catalog: true };
  if (connection.dialect === 'postgres') {
    const [row] = await connection.query(
      `SELECT current_user AS role, r.rolsuper AS superuser, current_database() AS db,
        ARRAY(SELECT g.rolname::text FROM pg_catalog.pg_roles g WHERE g.rolname = ANY($1::text[]) AND pg_has_role(current_user, g.oid, 'MEMBER') ORDER BY 1) AS member_of
       FROM pg_catalog.pg_roles r WHERE r.rolname = current_user`,
      [PG_ROLES],
      options,
    );
    if (!row) return null;
    const role = String(row.role);
    // a superuser is a member of every role: ending the superuser is the fix
    const memberOf = row.superuser === true ? [] : (Array.isArray(row.member_of) ? row.member_of : String(row.member_of ?? '').replace(/[{}]/g, '').split(',')).map(String).filter(Boolean);
    const privileges = [...(row.superuser === true ? ['superuser'] : []), ...memberOf];
    if (privileges.length === 0) return null;
    const quoted = `"${role.replaceAll('"', '""')}"`;
    const fix = [
      ...(row.superuser === true ? [`ALTER ROLE ${quoted} NOSUPERUSER;`] : []),
      ...memberOf.map((granted) => `REVOKE ${granted} FROM ${quoted};`),
    ].join(' ');
    const dedicated = `or connect as a role that only reads: CREATE ROLE datacompare_reader LOGIN PASSWORD '…'; GRANT CONNECT ON DATABASE "${String(row.db)}" TO datacompare_reader; GRANT USAGE ON SCHEMA public TO datacompare_reader; GRANT SELECT ON ALL TABLES IN SCHEMA public TO datacompare_reader;`;
    return { role, privileges, fix: `${fix} (${dedicated})` };
  }
  if (connection.dialect === 'mysql') {
    const [who] = await connection.query('SELECT CURRENT_USER() AS role', [], options);
    const role = String(who?.role ?? '');
    // without FOR: MariaDB adds the grants of the roles in use
    const grants = await connection.query('SHOW GRANTS', [], options);
    const [user, host] = role.split('@');
    const account = `'${(user ?? '').replaceAll("'", "''")}'@'${(host ?? '%').replaceAll("'", "''")}'`;
    /** privilege → where it is granted and to whom (the account, or a role it uses). */
    const held = new Map<string, { on: string; to: string }>();
    for (const row of grants) {
      const text = String(Object.values(row)[0] ?? '');
      const match = /^GRANT\s+(.+?)\s+ON\s+(\S+)\s+TO\s+(\S+)/i.exec(text);
      if (!match) continue;
      const on = match[2] as string;
      // a role's grant names the role (`reader_role`), the account's its user and host
      const to = (match[3] as string).includes('@') ? account : (match[3] as string);
      for (const raw of (match[1] as string).split(',')) {
        const privilege = raw.trim().replace(/\s*\(.*\)$/, '').toUpperCase();
        if (!READING.has(privilege) && !held.has(privilege)) held.set(privilege, { on, to });
      }
      if (/WITH GRANT OPTION/i.test(text) && !held.has('GRANT OPTION')) held.set('GRANT OPTION', { on, to });
    }
    if (held.size === 0) return null;
    const fix = [...held.entries()].map(([privilege, { on, to }]) => `REVOKE ${privilege} ON ${on} FROM ${to};`).join(' ');
    const dedicated = `or connect as an account that only reads: CREATE USER 'datacompare_reader'@'%' IDENTIFIED BY '…'; GRANT SELECT, SHOW VIEW ON your_database.* TO 'datacompare_reader'@'%';`;
    return { role, privileges: [...held.keys()], fix: `${fix} (${dedicated})` };
  }
  return null;
}

/** Opens the data source, asks, closes; `signal` (a stopped run) ends the question early. */
export async function checkPrivileges(config: ConnectionConfig, options: { logger: Logger; datasourceName: string; timeLimitMs?: number; signal?: AbortSignal }): Promise<PrivilegeFinding | null> {
  const dialect = await loadDialect(config.type);
  const connection = dialect.connect(config, { logger: options.logger, datasourceName: options.datasourceName, poolSize: 1, statementTimeoutMs: options.timeLimitMs ?? 10_000 });
  try {
    const timeout = AbortSignal.timeout(options.timeLimitMs ?? 10_000);
    return await privilegedRole(connection, options.signal ? AbortSignal.any([options.signal, timeout]) : timeout);
  } finally {
    await connection.close().catch(() => {});
  }
}

/** One sentence for the service's refusal or the CLI's warning. */
export function describeFinding(datasourceName: string, finding: PrivilegeFinding): string {
  return `Data source "${datasourceName}" connects as ${finding.role}, which holds ${finding.privileges.join(', ')}: with it, SQL can reach the server's files, programs or other sessions, or write. Fix: ${finding.fix}`;
}
