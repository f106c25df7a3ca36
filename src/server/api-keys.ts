/**
 * API keys: `dck_` + 43 characters of base64url (256 random bits). Stored as the SHA-256 of the key
 * (a high-entropy key needs no slow hash) plus its first 12 characters to find it; compared in
 * constant time. The key itself is shown once, at creation. Scopes: `read` (= read:datasource,
 * read:job), `write` (everything), or the fine scopes of the hosted service.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ApiKeyScope } from '../api/contract.js';
import { ConfigurationError } from '../shared/errors.js';
import type { ApiKeyRecord, Store } from './storage/store.js';

/** Keys are looked up by their first this many characters (`dck_` and 48 random bits). */
export const API_KEY_PREFIX_LENGTH = 12;

/** What an operation needs; `write:datasource` and `manage:keys` (the web page's Settings › Tokens) are only in the coarse `write` scope. */
export type Permission = 'read:datasource' | 'read:job' | 'write:job' | 'write:comparison' | 'write:datasource' | 'read:sensitive' | 'manage:keys';

const GRANTS: Record<ApiKeyScope, Permission[]> = {
  read: ['read:datasource', 'read:job'],
  write: ['read:datasource', 'read:job', 'write:job', 'write:comparison', 'write:datasource', 'read:sensitive', 'manage:keys'],
  'read:datasource': ['read:datasource'],
  'read:job': ['read:job'],
  'write:job': ['write:job'],
  'write:comparison': ['write:comparison'],
  // the values of sensitive columns in diff details (without it they are masked)
  'read:sensitive': ['read:sensitive'],
};

export function permissionsOf(scopes: readonly string[]): Set<Permission> {
  return new Set(scopes.flatMap((scope) => GRANTS[scope as ApiKeyScope] ?? []));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export interface NewApiKey {
  name: string;
  scopes: ApiKeyScope[];
  workspaces: string[];
  expiresAt?: string | null;
}

/** A key's name is unique within each of its workspaces (never across workspaces). */
export class KeyNameTaken extends ConfigurationError {
  constructor(readonly keyName: string, workspaceCount: number) {
    super(`a key named "${keyName}" already exists in ${workspaceCount > 1 ? 'one of these workspaces' : 'this workspace'}`, { hint: 'pick another name, or delete that key first' });
  }
}

/** Creates and stores a key; the returned `key` is the only time the value exists in clear. KeyNameTaken when its name is used in one of its workspaces. */
export async function createApiKey(store: Store, input: NewApiKey, now = new Date()): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = `dck_${randomBytes(32).toString('base64url')}`;
  const record: ApiKeyRecord = {
    id: randomUUID(),
    name: input.name,
    prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
    hash: sha256(key),
    scopes: [...input.scopes],
    workspaces: [...input.workspaces],
    enabled: true,
    expires_at: input.expiresAt ?? null,
    created_at: now.toISOString(),
    last_used_at: null,
  };
  if (!(await store.keys.create(record))) throw new KeyNameTaken(input.name, new Set(input.workspaces.map((w) => w.toLowerCase())).size);
  return { key, record };
}

export type KeyCheck =
  | { ok: true; key: ApiKeyRecord }
  | { ok: false; reason: 'missing' | 'unknown' | 'disabled' | 'expired' };

/** Looks the presented key up in storage on every call, so disabling takes effect at once. */
export async function verifyApiKey(store: Store, presented: string | undefined, now = new Date()): Promise<KeyCheck> {
  if (!presented) return { ok: false, reason: 'missing' };
  const candidates = presented.length > API_KEY_PREFIX_LENGTH ? await store.keys.byPrefix(presented.slice(0, API_KEY_PREFIX_LENGTH)) : [];
  const digest = Buffer.from(sha256(presented), 'hex');
  const match = candidates.find((candidate) => timingSafeEqual(Buffer.from(candidate.hash, 'hex'), digest));
  if (!match) return { ok: false, reason: 'unknown' };
  if (!match.enabled) return { ok: false, reason: 'disabled' };
  if (match.expires_at !== null && Date.parse(match.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, key: match };
}
