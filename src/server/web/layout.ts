/** The frame of every page: head (CSP-safe: one stylesheet, one script), navigation, workspace switcher, sign-out. */
import { html } from 'hono/html';
import { assetUrl } from './assets.js';
import { FAVICON } from './favicon.js';
import type { Html } from './format.js';

/** What the frame needs to know about who is signed in; absent on the sign-in page. */
export interface Viewer {
  keyName: string;
  scopes: string[];
  workspaceId: string;
  workspaces: string[];
  /** Names given to the workspaces (Settings › Tokens); a workspace without one shows its id. */
  workspaceNames: Record<string, string>;
  csrf: string;
  canManageKeys: boolean;
}

export type Section = 'jobs' | 'comparisons' | 'sources' | 'tokens' | 'api' | 'none';

export interface PageOptions {
  title: string;
  section: Section;
  viewer?: Viewer;
  /** Reload the page every N seconds (a job is running). */
  refreshSeconds?: number;
}

export const UI = '/ui';

function nav(section: Section, viewer: Viewer | undefined): Html {
  const links: [Section, string, string][] = [
    ['jobs', `${UI}/jobs`, 'Jobs'],
    ['comparisons', `${UI}/comparisons`, 'Comparisons'],
    ['sources', `${UI}/sources`, 'Data sources'],
    ...(viewer?.canManageKeys ? ([['tokens', `${UI}/settings/tokens`, 'Settings › Tokens']] as [Section, string, string][]) : []),
    ['api', `${UI}/api`, 'API'],
  ];
  return html`<nav aria-label="Main">${links.map(([key, href, label]) => html`<a href="${href}"${key === section ? html` aria-current="page"` : ''}>${label}</a>`)}</nav>`;
}

/** A workspace as people know it: its name, else its id. */
export function workspaceLabel(viewer: Viewer, id: string): string {
  return viewer.workspaceNames[id] ?? id;
}

function who(viewer: Viewer): Html {
  const switcher =
    viewer.workspaces.length > 1
      ? html`<form method="post" action="${UI}/workspace">
          <input type="hidden" name="_csrf" value="${viewer.csrf}" />
          <label for="workspace" class="check">Workspace</label>
          <select id="workspace" name="workspace" data-submit-on-change>
            ${viewer.workspaces.map((w) => html`<option value="${w}"${w === viewer.workspaceId ? html` selected` : ''}>${workspaceLabel(viewer, w)}</option>`)}
          </select>
          <noscript><button type="submit">Switch</button></noscript>
        </form>`
      : html`<span title="${viewer.workspaceId}"><span class="muted">Workspace</span> ${workspaceLabel(viewer, viewer.workspaceId)}</span>`;
  return html`<div class="who">
    ${switcher}
    <span>${viewer.keyName} <span class="muted">(${viewer.scopes.join(', ')})</span></span>
    <form method="post" action="${UI}/sign-out"><input type="hidden" name="_csrf" value="${viewer.csrf}" /><button type="submit">Sign out</button></form>
  </div>`;
}

export function page(options: PageOptions, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
${options.refreshSeconds ? html`<meta http-equiv="refresh" content="${options.refreshSeconds}" />` : ''}
<title>${options.title} · datacompare</title>
<link rel="icon" href="${FAVICON.path}" type="image/svg+xml" />
<link rel="stylesheet" href="${assetUrl('css')}" />
<script src="${assetUrl('js')}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="${UI}/jobs">datacompare</a>
  ${options.viewer ? nav(options.section, options.viewer) : ''}
  ${options.viewer ? who(options.viewer) : ''}
</header>
<main id="main">
${body}
</main>
</body>
</html>`;
}

/** Previous / next links of a paged list; `href(n)` builds page n's URL. */
export function pager(current: number, pages: number, href: (n: number) => string): Html {
  if (pages <= 1) return html``;
  return html`<nav class="pager" aria-label="Pages">
    ${current > 1 ? html`<a href="${href(current - 1)}" rel="prev">← Previous</a>` : html`<span class="muted">← Previous</span>`}
    <span>Page ${current} of ${pages}</span>
    ${current < pages ? html`<a href="${href(current + 1)}" rel="next">Next →</a>` : html`<span class="muted">Next →</span>`}
  </nav>`;
}

/** A hidden CSRF field for a form. */
export function csrfField(viewer: Viewer): Html {
  return html`<input type="hidden" name="_csrf" value="${viewer.csrf}" />`;
}
