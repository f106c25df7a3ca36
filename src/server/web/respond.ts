/** Answering with a page, and the short notices a page shows after an action. */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { Html } from './format.js';

export function render(c: Context, page: Html, status = 200): Response | Promise<Response> {
  return c.html(page, status as 200);
}

/** A short notice at the top of a page after an action, from a fixed list (never text from the URL). */
export function notice(code: string | undefined, n?: string): Html | undefined {
  const messages: Record<string, [string, string]> = {
    executed: ['good', `Submitted ${n ?? '1'} job(s) for execution.`],
    terminated: ['good', 'The job was terminated.'],
    'already-finished': ['', 'The job had already finished; nothing was terminated.'],
    'nothing-selected': ['bad', 'Select at least one comparison to execute.'],
    scanned: ['good', 'The data source was scanned.'],
    created: ['good', 'The data source was added.'],
    'workspace-named': ['good', 'The workspace was renamed.'],
    saved: ['good', 'The comparison was saved.'],
    'comparison-deleted': ['good', 'The comparison was deleted; its jobs stay in the job list.'],
    disabled: ['good', 'The key was disabled and its sessions ended.'],
    enabled: ['good', 'The key was enabled.'],
    deleted: ['good', 'The key was deleted and its sessions ended.'],
  };
  const message = code ? messages[code] : undefined;
  return message ? html`<div class="notice ${message[0]}" role="status">${message[1]}</div>` : undefined;
}
