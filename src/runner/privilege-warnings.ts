/**
 * A warning for each PostgreSQL or MariaDB data source whose role can do more than read (superuser,
 * file/program/signal roles, FILE, SUPER, write grants), with the recipe of a role that only reads the
 * schemas this run compares (never a statement that weakens the role found: it is often the server's
 * administrator). The run goes on: the service refuses such sources, a local run only says so. A data
 * source with `allow_privileged: true` in the spec is not asked; the CLI's --quiet hides warnings.
 *
 * Asked once per distinct connection settings (two names for one database are asked once, warned under
 * each name): on the connection of the first comparison to describe its tables there, before it reads
 * a row (`afterDescribe`: one or two round trips, and the warning comes early; a connection of its own
 * beside the comparisons was a TCP connection, a server process and the session statements per
 * database, about 15 ms of a 100k-row run, issue #30). A source no comparison got that far with (each
 * failed first), or whose question failed, is asked at the end on a connection of its own. A stopped
 * run asks nothing more.
 */
import { checkPrivileges, describeFinding, privilegedRole, type ComparedSchemas, type PrivilegeFinding } from '../catalog/privileges.js';
import type { ComparisonDefinition, ConnectionConfig, OpenedConnection, SideDefinition } from '../engine/model.js';
import { anySignal } from '../shared/abort.js';
import type { Logger } from '../shared/logger.js';
import { qualifiedNameParts } from '../sql/compiler.js';

/** How long the question may take before the run goes on without the warning. */
const ASK_WITHIN_MS = 5000;

const WITH_ROLES = ['postgres', 'postgresql', 'mysql', 'mariadb'];

interface Source {
  names: Set<string>;
  config: ConnectionConfig;
  compared: { schemas: Set<string>; unqualified: boolean; queries: boolean };
  asked: boolean;
}

export class PrivilegeWarnings {
  private readonly sources = new Map<string, Source>();

  /** `allowed`: the data sources whose spec says `allow_privileged: true` (never asked, never warned about). */
  constructor(
    definitions: readonly ComparisonDefinition[],
    private readonly logger: Logger,
    private readonly signal?: AbortSignal,
    allowed: ReadonlySet<string> = new Set(),
  ) {
    for (const definition of definitions) {
      for (const side of [definition.source, definition.target]) {
        if (!side.connection || !WITH_ROLES.includes(side.connection.type) || allowed.has(side.datasourceName)) continue;
        const key = JSON.stringify(side.connection);
        let source = this.sources.get(key);
        if (!source) {
          source = { names: new Set(), config: side.connection, compared: { schemas: new Set(), unqualified: false, queries: false }, asked: false };
          this.sources.set(key, source);
        }
        source.names.add(side.datasourceName);
        noteReads(source.compared, side, side.connection.type === 'postgres');
      }
    }
  }

  /** The engine's `afterDescribe`: asks, on a comparison's own connections, the sources not yet asked. */
  readonly askOn = async (opened: readonly OpenedConnection[], signal?: AbortSignal): Promise<void> => {
    await Promise.all(
      opened.map(async ({ config, connection }) => {
        const source = this.take(config);
        if (!source) return;
        const within = anySignal(signal, AbortSignal.timeout(ASK_WITHIN_MS));
        const finding = await privilegedRole(connection, within, comparedOf(source)).catch(() => undefined);
        // Unanswered (the comparison's time limit, a lost connection): asked again at the end.
        if (finding === undefined) source.asked = false;
        else this.warn(source, finding);
      }),
    );
  };

  /** At the end of the run: the sources no finished comparison asked, each on a connection of its own. */
  async askTheRest(): Promise<void> {
    await Promise.all(
      [...this.sources.values()].map(async (source) => {
        if (source.asked || this.signal?.aborted) return;
        source.asked = true;
        const [first] = source.names;
        const options = { logger: this.logger, datasourceName: first!, timeLimitMs: ASK_WITHIN_MS, compared: comparedOf(source), ...(this.signal && { signal: this.signal }) };
        this.warn(source, await checkPrivileges(source.config, options).catch(() => null));
      }),
    );
  }

  private take(config: ConnectionConfig): Source | undefined {
    const source = this.sources.get(JSON.stringify(config));
    if (!source || source.asked) return undefined;
    source.asked = true;
    return source;
  }

  private warn(source: Source, finding: PrivilegeFinding | null): void {
    if (!finding) return;
    for (const name of source.names) {
      this.logger.warning(`${describeFinding(name, finding)} To keep connecting as ${finding.role}, set \`allow_privileged: true\` on data source "${name}" in the spec; this warning then goes.`);
    }
  }
}

function comparedOf(source: Source): ComparedSchemas {
  return { schemas: [...source.compared.schemas], unqualified: source.compared.unqualified, queries: source.compared.queries };
}

/** Adds what one side reads: the schema of its table (as the database names it), or that it reads the default schema or a query. */
function noteReads(compared: Source['compared'], side: SideDefinition, foldsUnquoted: boolean): void {
  if (side.query !== undefined) compared.queries = true;
  if (side.dataset === undefined) return;
  const schema = schemaOf(side.dataset, foldsUnquoted);
  if (schema === undefined) compared.unqualified = true;
  else compared.schemas.add(schema);
}

/**
 * The schema of `schema.table` (PostgreSQL also `database.schema.table`) as the database names it: a
 * quoted part as written, an unquoted one folded to lower case on PostgreSQL. Undefined when unqualified.
 */
export function schemaOf(dataset: string, foldsUnquoted: boolean): string | undefined {
  const parts = qualifiedNameParts(dataset);
  const schema = parts.length < 2 ? undefined : parts[parts.length - 2]!;
  if (!schema) return undefined;
  return foldsUnquoted && !schema.quoted ? schema.text.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) : schema.text;
}
