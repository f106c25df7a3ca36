/**
 * The service refuses a data source whose role can do more than read (src/catalog/privileges.ts),
 * unless the operator started it with `--allow-privileged-sources`: with such a role, any gap in the
 * SQL check reaches the database server's files, programs or other sessions. A source that cannot be
 * reached now is not refused here (its scan says it is unreachable).
 */
import { checkPrivileges, describeFinding } from '../catalog/privileges.js';
import { toDatacompareError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { resolveConnection, type SourcePolicy } from './connections.js';
import type { SecretBox } from './secret-box.js';
import type { DatasourceRecord } from './storage/store.js';

/** The refusal (a sentence naming the role, what it holds and the statements that fix it), or null. */
export async function privilegedSourceRefusal(
  source: DatasourceRecord,
  services: { box: SecretBox; sources: SourcePolicy; logger: Logger },
): Promise<string | null> {
  if (source.type !== 'postgres' && source.type !== 'postgresql' && source.type !== 'mysql' && source.type !== 'mariadb') return null;
  let finding;
  try {
    const { config } = await resolveConnection(source, services.box, services.sources);
    finding = await checkPrivileges(config, { logger: services.logger, datasourceName: source.name });
  } catch (error) {
    services.logger.debug(`privilege check of data source "${source.name}" could not run: ${toDatacompareError(error).kind}`);
    return null;
  }
  if (!finding) return null;
  return `${describeFinding(source.name, finding)} The operator may allow such sources with \`datacompare serve --allow-privileged-sources\`.`;
}
