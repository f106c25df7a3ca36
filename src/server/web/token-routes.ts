/**
 * Settings › Tokens: only for keys with `write` (manage:keys), and only over the keys whose
 * workspaces are all the signed-in key's own, so no key can reach into another workspace. A new key
 * gets the current workspace; its name need only be free in that workspace (a name used in another
 * workspace is neither refused nor revealed). Disabling or deleting a key ends its sessions at once.
 */
import type { Context, Hono } from 'hono';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../api/contract.js';
import { createApiKey, KeyNameTaken } from '../api-keys.js';
import { notFound } from '../http-errors.js';
import type { ServerServices } from '../services.js';
import type { ApiKeyRecord } from '../storage/store.js';
import { UI } from './layout.js';
import { formList, need } from './page-routes.js';
import { tokensPage } from './pages/tokens.js';
import { notice, render } from './respond.js';
import type { WebEnv } from './session.js';

export function tokenRoutes(app: Hono<WebEnv>, services: ServerServices): void {
  const { store } = services;

  const visibleKeys = async (c: Context<WebEnv>): Promise<ApiKeyRecord[]> => {
    const own = new Set(c.get('session').key.workspaces);
    return (await store.keys.list()).filter((key) => key.workspaces.length > 0 && key.workspaces.every((w) => own.has(w)));
  };
  const show = async (c: Context<WebEnv>, extra: { created?: { name: string; key: string }; problem?: string } = {}, status = 200) => {
    const shown = notice(c.req.query('done'));
    return render(c, tokensPage({ viewer: c.get('session').viewer, keys: await visibleKeys(c), now: services.now(), ...extra, ...(shown ? { notice: shown } : {}) }), status);
  };

  app.get(`${UI}/settings/tokens`, async (c) => {
    need(c, 'manage:keys');
    return show(c);
  });

  app.post(`${UI}/settings/tokens`, async (c) => {
    need(c, 'manage:keys');
    const form = await c.req.parseBody();
    const name = typeof form.name === 'string' ? form.name.trim() : '';
    const scopes = (await formList(c, 'scope')).filter((s): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s));
    const expires = typeof form.expires === 'string' && form.expires !== '' ? form.expires : undefined;
    const expiresAt = expires && /^\d{4}-\d{2}-\d{2}$/.test(expires) ? `${expires}T23:59:59.000Z` : undefined;
    const problem =
      name === '' || name.length > 200
        ? 'Give the key a name of 1 to 200 characters.'
        : scopes.length === 0
          ? 'Pick at least one scope.'
          : expires && (!expiresAt || Number.isNaN(Date.parse(expiresAt)) || Date.parse(expiresAt) <= services.now().getTime())
            ? 'The expiry must be a date in the future (or empty for none).'
            : undefined;
    if (problem) return show(c, { problem }, 422);
    try {
      const { key } = await createApiKey(store, { name, scopes, workspaces: [c.get('session').workspaceId], expiresAt: expiresAt ?? null }, services.now());
      return show(c, { created: { name, key } }, 201);
    } catch (error) {
      // names are unique per workspace: only a key that reaches this workspace can be in the way
      if (error instanceof KeyNameTaken) return show(c, { problem: `A key named "${name}" already exists in this workspace; pick another name.` }, 422);
      throw error;
    }
  });

  app.post(`${UI}/settings/workspace-name`, async (c) => {
    need(c, 'manage:keys');
    const form = await c.req.parseBody();
    const name = typeof form.name === 'string' ? form.name.trim() : '';
    if (name === '' || name.length > 100) return show(c, { problem: 'Give the workspace a name of 1 to 100 characters.' }, 422);
    await store.nameWorkspace(c.get('session').workspaceId, name);
    return c.redirect(`${UI}/settings/tokens?done=workspace-named`, 303);
  });

  app.post(`${UI}/settings/tokens/:id/:action{disable|enable|delete}`, async (c) => {
    need(c, 'manage:keys');
    const session = c.get('session');
    const key = (await visibleKeys(c)).find((k) => k.id === c.req.param('id'));
    if (!key) throw notFound('There is no such key among yours.', 'key_not_found');
    const action = c.req.param('action');
    if (action === 'delete') await store.keys.delete(key.id);
    else await store.keys.setEnabled(key.id, action === 'enable');
    if (action !== 'enable') await store.sessions.deleteForKey(key.id);
    // Disabling or deleting the key this session signed in with signs it out.
    if (action !== 'enable' && key.id === session.key.id) return c.redirect(`${UI}/sign-in?ended=${action === 'delete' ? 'ended' : 'disabled'}`, 303);
    return c.redirect(`${UI}/settings/tokens?done=${action === 'delete' ? 'deleted' : `${action}d`}`, 303);
  });
}
