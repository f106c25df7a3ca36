/** Sign-in with an API key, and the pages for "not allowed" and "not found". */
import { html } from 'hono/html';
import type { Html } from '../format.js';
import { page, UI, type Viewer } from '../layout.js';

const ENDED: Record<string, string> = {
  expired: 'Your session expired; sign in again.',
  ended: 'Your session has ended; sign in again.',
  disabled: 'The key you signed in with was disabled, so its sessions ended.',
  'key-expired': 'The key you signed in with has expired, so its sessions ended.',
  'signed-out': 'You are signed out.',
};

export function signInPage(options: { problem?: string; ended?: string; next?: string }): Html {
  const ended = options.ended ? ENDED[options.ended] : undefined;
  return page(
    { title: 'Sign in', section: 'none' },
    html`<div class="signin">
      <h1>Sign in</h1>
      ${ended ? html`<div class="notice" role="status">${ended}</div>` : ''}
      ${options.problem ? html`<div class="notice bad" role="alert">${options.problem}</div>` : ''}
      <form method="post" action="${UI}/sign-in">
        ${options.next ? html`<input type="hidden" name="next" value="${options.next}" />` : ''}
        <label for="api-key">API key</label>
        <input type="password" id="api-key" name="key" autocomplete="off" required autofocus placeholder="dck_…" />
        <p class="muted small">A key from <code>datacompare keys create</code> or Settings › Tokens. It is exchanged for a session cookie and never stored in the browser.</p>
        <button type="submit" class="primary">Sign in</button>
      </form>
    </div>`,
  );
}

export function problemPage(viewer: Viewer | undefined, title: string, message: string): Html {
  return page({ title, section: 'none', ...(viewer ? { viewer } : {}) }, html`<h1>${title}</h1><p>${message}</p><p><a href="${UI}/jobs">Back to the jobs</a></p>`);
}
