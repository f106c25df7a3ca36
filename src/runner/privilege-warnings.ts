/**
 * A warning for each PostgreSQL or MariaDB data source whose role can do more than read (superuser,
 * file/program/signal roles, FILE, SUPER, write grants), with the statements that fix it. The run goes
 * on: the service refuses such sources, a local run only says so.
 *
 * Asked once per distinct connection settings (two names for one database are asked once, warned under
 * each name): on the connection of the first comparison to describe its tables there, before it reads
 * a row (`afterDescribe`: one or two round trips, and the warning comes early; a connection of its own
 * beside the comparisons was a TCP connection, a server process and the session statements per
 * database, about 15 ms of a 100k-row run, issue #30). A source no comparison got that far with (each
 * failed first), or whose question failed, is asked at the end on a connection of its own. A stopped
 * run asks nothing more.
 */
import { checkPrivileges, describeFinding, privilegedRole, type PrivilegeFinding } from '../catalog/privileges.js';
import type { ComparisonDefinition, ConnectionConfig, OpenedConnection } from '../engine/model.js';
import { anySignal } from '../shared/abort.js';
import type { Logger } from '../shared/logger.js';

/** How long the question may take before the run goes on without the warning. */
const ASK_WITHIN_MS = 5000;

const WITH_ROLES = ['postgres', 'postgresql', 'mysql', 'mariadb'];

interface Source {
  names: Set<string>;
  config: ConnectionConfig;
  asked: boolean;
}

export class PrivilegeWarnings {
  private readonly sources = new Map<string, Source>();

  constructor(
    definitions: readonly ComparisonDefinition[],
    private readonly logger: Logger,
    private readonly signal?: AbortSignal,
  ) {
    for (const definition of definitions) {
      for (const side of [definition.source, definition.target]) {
        if (!side.connection || !WITH_ROLES.includes(side.connection.type)) continue;
        const key = JSON.stringify(side.connection);
        const known = this.sources.get(key);
        if (known) known.names.add(side.datasourceName);
        else this.sources.set(key, { names: new Set([side.datasourceName]), config: side.connection, asked: false });
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
        const finding = await privilegedRole(connection, within).catch(() => undefined);
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
        const options = { logger: this.logger, datasourceName: first!, timeLimitMs: ASK_WITHIN_MS, ...(this.signal && { signal: this.signal }) };
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
    if (finding) for (const name of source.names) this.logger.warning(describeFinding(name, finding));
  }
}
