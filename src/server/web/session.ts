/**
 * Signing in to the web page: an API key is exchanged for a session. The cookie holds 256 random
 * bits (HttpOnly, SameSite=Strict, Path=/, Secure behind HTTPS); the store keeps only their SHA-256.
 * Every request looks the key up again, so a key that is disabled, expired or deleted ends its
 * sessions at once. Every state change carries the session's CSRF token (and Hono's Origin check).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { permissionsOf, type Permission } from '../api-keys.js';
import type { RequestLog } from '../router.js';
import type { ApiKeyRecord, Store } from '../storage/store.js';
import { UI, type Viewer } from './layout.js';

export const SESSION_COOKIE = 'dc_session';
const SESSION_HOURS = 12;

export interface WebSession {
  id: string;
  key: ApiKeyRecord;
  permissions: Set<Permission>;
  workspaceId: string;
  csrf: string;
  viewer: Viewer;
}

/** Most sessions a key keeps; signing in once more ends its oldest. */
export const SESSIONS_PER_KEY = 10;

export type WebEnv = { Variables: { session: WebSession; log: RequestLog } };

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Starts a session (cookie set) for a key the sign-in checked. */
export async function startSession(c: Context, store: Store, key: ApiKeyRecord, now: Date, secure: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_HOURS * 3600_000);
  await store.sessions.deleteExpired(now.toISOString());
  await store.sessions.create({
    id: sha256(token),
    key_id: key.id,
    csrf: randomBytes(24).toString('base64url'),
    workspace_id: key.workspaces[0] ?? '',
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
  });
  await store.sessions.keepNewest(key.id, SESSIONS_PER_KEY);
  void store.keys.touch(key.id, now.toISOString()).catch(() => {});
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/', secure, maxAge: SESSION_HOURS * 3600 });
}

export async function signOut(c: Context<WebEnv>, store: Store): Promise<void> {
  await store.sessions.delete(c.get('session').id);
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

/** The signed-in session of this request, or why there is none (the session row of a refused one is deleted). */
export async function findSession(c: Context, store: Store, now: () => Date): Promise<{ session: WebSession } | { ended: string | undefined }> {
  const token = getCookie(c, SESSION_COOKIE);
  const record = token ? await store.sessions.find(sha256(token)) : undefined;
  const at = now();
  if (!record || Date.parse(record.expires_at) <= at.getTime()) {
    if (record) await store.sessions.delete(record.id);
    return { ended: record ? 'expired' : token ? 'ended' : undefined };
  }
  const key = await store.keys.byId(record.key_id);
  const keyEnded = !key ? 'ended' : !key.enabled ? 'disabled' : key.expires_at !== null && Date.parse(key.expires_at) <= at.getTime() ? 'key-expired' : undefined;
  if (!key || keyEnded) {
    await store.sessions.deleteForKey(record.key_id);
    return { ended: keyEnded };
  }
  const workspaceId = key.workspaces.includes(record.workspace_id) ? record.workspace_id : (key.workspaces[0] ?? '');
  const permissions = permissionsOf(key.scopes);
  const workspaceNames = Object.fromEntries(await store.workspaceNames(key.workspaces));
  return {
    session: {
      id: record.id,
      key,
      permissions,
      workspaceId,
      csrf: record.csrf,
      viewer: { keyName: key.name, scopes: key.scopes, workspaceId, workspaces: key.workspaces, workspaceNames, csrf: record.csrf, canManageKeys: permissions.has('manage:keys') },
    },
  };
}

/** Loads the session (or redirects to sign-in, saying why) and, on a POST, checks its CSRF token. */
export function requireSession(store: Store, now: () => Date): MiddlewareHandler<WebEnv> {
  return async (c, next) => {
    const found = await findSession(c, store, now);
    if (!('session' in found)) return toSignIn(c, found.ended);
    const { session } = found;
    c.set('session', session);
    const log = c.get('log');
    if (log) {
      log.key_id = session.key.id;
      log.workspace_id = session.workspaceId;
    }
    if (c.req.method === 'POST') {
      const form = await c.req.parseBody();
      const sent = typeof form._csrf === 'string' ? form._csrf : '';
      if (!sameText(sent, session.csrf)) return c.text('The form is out of date or was not sent by this page; go back, reload and try again.', 403);
    }
    await next();
  };
}

function toSignIn(c: Context, why: string | undefined): Response {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  const wanted = new URL(c.req.url);
  const query = new URLSearchParams();
  if (why) query.set('ended', why);
  if (c.req.method === 'GET') query.set('next', wanted.pathname + wanted.search);
  const search = query.toString();
  return c.redirect(`${UI}/sign-in${search ? `?${search}` : ''}`, 303);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Only a local path of the web page may be a redirect target after sign-in. */
export function safeNext(next: string | undefined): string {
  return next && next.startsWith(`${UI}/`) && !next.startsWith('//') && !/[\\\r\n]/.test(next) ? next : `${UI}/jobs`;
}
