/**
 * `datacompare keys create|list|disable|enable|delete`: the API keys of `datacompare serve`, on the
 * same store (--data-dir / --database-url). A key is printed once, at creation; the store keeps
 * only its SHA-256. Disabling takes effect at once (the server looks keys up on every request).
 */
import { randomUUID } from 'node:crypto';
import { API_KEY_SCOPES, uuidSchema, type ApiKeyScope } from '../../api/contract.js';
import { createApiKey } from '../../server/api-keys.js';
import type { ApiKeyRecord, Store } from '../../server/storage/store.js';
import { ConfigurationError, ExitCode } from '../../shared/errors.js';
import { listOption, stringOption } from '../args.js';
import type { CliCommand, CliContext } from '../command.js';
import { storageLocation, storageOptions } from './serve.js';

const ACTIONS = ['create', 'list', 'disable', 'enable', 'delete'] as const;

/** `30d`, `12h` or an ISO 8601 date/time → ISO timestamp. */
export function parseExpiry(text: string, now = new Date()): string {
  const relative = /^(\d+)([dh])$/.exec(text.trim());
  if (relative) return new Date(now.getTime() + Number(relative[1]) * (relative[2] === 'd' ? 86_400_000 : 3_600_000)).toISOString();
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new ConfigurationError(`--expires "${text}" is not a date`, { hint: 'use an ISO 8601 date (2026-12-31) or a duration like 30d or 12h' });
  if (time <= now.getTime()) throw new ConfigurationError(`--expires "${text}" is in the past`);
  return new Date(time).toISOString();
}

function describeKey(key: ApiKeyRecord): string[] {
  const expired = key.expires_at !== null && Date.parse(key.expires_at) <= Date.now();
  return [
    key.name,
    key.id,
    key.scopes.join(','),
    key.workspaces.join(','),
    !key.enabled ? 'disabled' : expired ? 'expired' : 'enabled',
    key.expires_at ?? '',
    key.last_used_at ?? '',
  ];
}

async function create(store: Store, name: string | undefined, values: Record<string, unknown>, context: CliContext): Promise<number> {
  if (!name) throw new ConfigurationError('keys create needs a NAME', { hint: 'datacompare keys create ci-readonly --scope read' });
  const scopes = listOption(values as never, 'scope');
  for (const scope of scopes) {
    if (!(API_KEY_SCOPES as readonly string[]).includes(scope)) {
      throw new ConfigurationError(`--scope "${scope}" is not a scope`, { hint: `use one of ${API_KEY_SCOPES.join(', ')}` });
    }
  }
  let workspaces = listOption(values as never, 'workspace').map((w) => w.toLowerCase());
  for (const workspace of workspaces) {
    if (!uuidSchema.safeParse(workspace).success) throw new ConfigurationError(`--workspace "${workspace}" is not a UUID`);
  }
  if (workspaces.length === 0) {
    // the workspaces of the oldest key (the one created at first start), else a new one
    workspaces = (await store.keys.list())[0]?.workspaces ?? [randomUUID()];
  }
  const expires = stringOption(values as never, 'expires');
  const { key, record } = await createApiKey(store, {
    name,
    scopes: (scopes.length > 0 ? scopes : ['read']) as ApiKeyScope[],
    workspaces,
    expiresAt: expires ? parseExpiry(expires) : null,
  });
  if (values.json === true) {
    context.stdout.write(`${JSON.stringify({ ...publicKey(record), key }, null, 2)}\n`);
  } else {
    context.stdout.write(
      `Created key "${record.name}" (${record.id}), scopes ${record.scopes.join(',')}, workspace(s) ${record.workspaces.join(',')}` +
        `${record.expires_at ? `, expires ${record.expires_at}` : ''}.\nIt is shown only now; keep it secret:\n${key}\n`,
    );
  }
  return ExitCode.match;
}

/**
 * The one key `target` names: its id, or its name (unique within a workspace, so keys of several
 * workspaces may share it: then `--workspace` picks one).
 */
async function keyNamed(store: Store, target: string, workspaces: string[]): Promise<ApiKeyRecord> {
  const byId = uuidSchema.safeParse(target).success ? await store.keys.byId(target.toLowerCase()) : undefined;
  if (byId) return byId;
  const wanted = new Set(workspaces.map((w) => w.toLowerCase()));
  const named = (await store.keys.named(target)).filter((key) => wanted.size === 0 || key.workspaces.some((w) => wanted.has(w.toLowerCase())));
  if (named.length === 1) return named[0]!;
  if (named.length === 0) throw new ConfigurationError(`there is no key named "${target}"${wanted.size > 0 ? ' in that workspace' : ''}`, { hint: 'see datacompare keys list' });
  throw new ConfigurationError(`${named.length} keys are named "${target}" (ids ${named.map((key) => key.id).join(', ')})`, {
    hint: 'name the key by its ID, or add --workspace UUID to pick the workspace it belongs to',
  });
}

function publicKey(key: ApiKeyRecord): Record<string, unknown> {
  const { hash: _, ...rest } = key;
  return rest;
}

export const keysCommand: CliCommand = {
  name: 'keys',
  summary: 'create, list, disable, enable or delete API keys of `datacompare serve`',
  usage: 'keys create NAME [--scope S]… [--workspace UUID]… [--expires 30d|DATE] | keys list | keys disable|enable|delete NAME|ID [--workspace UUID]',
  positionals: { max: 2 },
  options: {
    scope: { type: 'string', multiple: true, valueName: 'SCOPE', description: `create: ${API_KEY_SCOPES.join(' | ')}; default read` },
    workspace: {
      type: 'string',
      multiple: true,
      valueName: 'UUID',
      description: 'create: a workspace the key may use (default: those of the first key); disable|enable|delete: the workspace of the key NAME',
    },
    expires: { type: 'string', valueName: 'WHEN', description: 'create: expiry, an ISO 8601 date or a duration like 30d' },
    json: { type: 'boolean', default: false, description: 'print JSON' },
    ...storageOptions,
  },
  details:
    'Scopes: read = read:datasource + read:job; write = everything (also creating data sources).\n' +
    "A key's name is unique within each of its workspaces; keys of different workspaces may share one.",
  async run(values, context) {
    const [action, target] = (values._ as string[] | undefined) ?? [];
    if (!action || !(ACTIONS as readonly string[]).includes(action)) {
      throw new ConfigurationError(action ? `unknown keys action "${action}"` : 'keys needs an action', { hint: `use one of: ${ACTIONS.join(', ')}` });
    }
    // Loaded here: the store's modules (pg) would slow the start of every other command.
    const { openStore } = await import('../../server/storage/open.js');
    const store = await openStore(storageLocation(values, context));
    try {
      if (action === 'create') return await create(store, target, values, context);
      if (action === 'list') {
        const keys = await store.keys.list();
        if (values.json === true) context.stdout.write(`${JSON.stringify(keys.map(publicKey), null, 2)}\n`);
        else {
          const rows = [['NAME', 'ID', 'SCOPES', 'WORKSPACES', 'STATE', 'EXPIRES', 'LAST USED'], ...keys.map(describeKey)];
          const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
          context.stdout.write(rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n');
        }
        return ExitCode.match;
      }
      if (!target) throw new ConfigurationError(`keys ${action} needs the key's NAME or ID`, { hint: 'see datacompare keys list' });
      const key = await keyNamed(store, target, listOption(values as never, 'workspace'));
      if (action === 'delete') await store.keys.delete(key.id);
      else await store.keys.setEnabled(key.id, action === 'enable');
      context.stdout.write(`Key "${key.name}" (${key.id}) ${action === 'delete' ? 'deleted' : `${action}d`}.\n`);
      return ExitCode.match;
    } finally {
      await store.close();
    }
  },
};
