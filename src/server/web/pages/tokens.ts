/** Settings › Tokens: the API keys of this workspace (name, scopes, expiry, last use, status), create, disable/enable, delete. */
import { html } from 'hono/html';
import { API_KEY_SCOPES } from '../../../api/contract.js';
import type { ApiKeyRecord } from '../../storage/store.js';
import { badge, exactTime, timeTag, type Html } from '../format.js';
import { csrfField, page, UI, workspaceLabel, type Viewer } from '../layout.js';

export interface TokensView {
  viewer: Viewer;
  keys: ApiKeyRecord[];
  /** The value of a key just created: shown once. */
  created?: { name: string; key: string };
  /** What was wrong with the create form. */
  problem?: string;
  now: Date;
  notice?: Html;
}

function status(key: ApiKeyRecord, now: Date): string {
  if (!key.enabled) return 'disabled';
  if (key.expires_at && Date.parse(key.expires_at) <= now.getTime()) return 'expired';
  return 'enabled';
}

function createdBox(created: { name: string; key: string }): Html {
  return html`<div class="notice good" role="status">
    <p><strong>Key "${created.name}" was created.</strong> Copy it now: it is shown only this once (the server keeps only its hash).</p>
    <div class="secret"><code id="new-key">${created.key}</code><button type="button" data-copy="new-key">Copy</button></div>
  </div>`;
}

/** What each scope lets a key do, in the words a person choosing one needs. */
export const SCOPE_MEANINGS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  read: 'see data sources, comparisons and jobs, with sensitive values masked; change nothing',
  write: 'everything: add data sources, define and run comparisons, see sensitive values, manage keys',
  'read:datasource': 'see data sources and their catalogs',
  'read:job': 'see comparisons, jobs and their differing rows (sensitive values masked)',
  'write:job': 'run and terminate comparisons',
  'write:comparison': 'define, edit and delete comparisons',
  'read:sensitive': 'see the values of columns marked sensitive, unmasked (add it to read to see them)',
};

function createForm(viewer: Viewer, problem: string | undefined): Html {
  return html`<h2>Create a key</h2>
    ${problem ? html`<div class="notice bad" role="alert">${problem}</div>` : ''}
    <form method="post" action="${UI}/settings/tokens">
      ${csrfField(viewer)}
      <div class="row">
        <div><label for="key-name">Name</label><input type="text" id="key-name" name="name" required maxlength="200" placeholder="ci-readonly" /></div>
        <div><label for="key-expires">Expires (optional)</label><input type="date" id="key-expires" name="expires" /></div>
      </div>
      <fieldset><legend>Scopes</legend>
        <ul class="scopes">${API_KEY_SCOPES.map((scope) => html`<li><label class="check"><input type="checkbox" name="scope" value="${scope}"${scope === 'read' ? html` checked` : ''} /> <code>${scope}</code></label> <span class="muted small">${SCOPE_MEANINGS[scope]}</span></li>`)}</ul>
      </fieldset>
      <p class="muted small">The key belongs to workspace ${workspaceLabel(viewer, viewer.workspaceId)}. Values of columns marked sensitive are masked for every key without <code>read:sensitive</code> (or <code>write</code>).</p>
      <button type="submit" class="primary">Create key</button>
    </form>`;
}

/** Naming the current workspace, so people see "Sales analytics" rather than a UUID. */
function workspaceForm(viewer: Viewer): Html {
  return html`<h2>Workspace</h2>
    <form method="post" action="${UI}/settings/workspace-name" class="row">
      ${csrfField(viewer)}
      <div><label for="workspace-name">Workspace name <span class="mono small">(${viewer.workspaceId})</span></label>
      <input type="text" id="workspace-name" name="name" required maxlength="100" value="${viewer.workspaceNames[viewer.workspaceId] ?? ''}" placeholder="Sales analytics" /></div>
      <button type="submit">Rename workspace</button>
    </form>`;
}

export function tokensPage(view: TokensView): Html {
  const rows = view.keys.map((key) => {
    const state = status(key, view.now);
    return html`<tr>
      <td>${key.name} <span class="muted small mono">${key.prefix}…</span></td>
      <td class="small">${key.scopes.join(', ')}</td>
      <td>${key.expires_at ? html`<span title="${exactTime(key.expires_at)}">${exactTime(key.expires_at).slice(0, 10)}</span>` : html`<span class="muted">never</span>`}</td>
      <td>${timeTag(key.last_used_at, view.now)}</td>
      <td>${badge(state)}</td>
      <td>
        <form class="inline" method="post" action="${UI}/settings/tokens/${key.id}/${key.enabled ? 'disable' : 'enable'}">${csrfField(view.viewer)}<button type="submit">${key.enabled ? 'Disable' : 'Enable'}</button></form>
        <form class="inline" method="post" action="${UI}/settings/tokens/${key.id}/delete" data-confirm="Delete key ${key.name}? Whatever uses it stops working.">${csrfField(view.viewer)}<button type="submit" class="danger">Delete</button></form>
      </td>
    </tr>`;
  });
  return page(
    { title: 'Tokens', section: 'tokens', viewer: view.viewer },
    html`<h1>Settings › Tokens</h1>
      ${view.notice ?? ''}
      ${view.created ? createdBox(view.created) : ''}
      <div class="scroll"><table>
        <thead><tr><th scope="col">Name</th><th scope="col">Scopes</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col">Actions</th></tr></thead>
        <tbody>${rows}</tbody>
      </table></div>
      <p class="muted small">Keys whose workspaces are all yours. Disabling or deleting a key ends its sessions at once.</p>
      ${createForm(view.viewer, view.problem)}
      ${workspaceForm(view.viewer)}`,
  );
}
