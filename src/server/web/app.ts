/**
 * The web page of `datacompare serve`, on the API's port under /ui (no API path uses it), rendered
 * on the server (hono/html escapes every value) and usable without JavaScript. Security: a session
 * cookie from an API key (session.ts), the key's scopes and workspaces decide every page and action,
 * a CSRF token plus Hono's Origin check on every POST, a Content-Security-Policy without inline
 * scripts or styles, and no caching of pages (they hold data).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { HttpError } from '../http-errors.js';
import { authenticate } from '../authenticate.js';
import { clientIdentity, type TrustedProxies } from '../client-address.js';
import type { AuthFailures } from '../rate-limit.js';
import type { ServerServices } from '../services.js';
import { ASSETS } from './assets.js';
import { UI } from './layout.js';
import { render } from './respond.js';
import { apiReferencePage } from './pages/api-reference.js';
import { problemPage, signInPage } from './pages/sign-in.js';
import { pageRoutes } from './page-routes.js';
import { findSession, requireSession, safeNext, startSession, type WebEnv } from './session.js';
import { downloadRoutes } from './download-routes.js';
import { formRoutes } from './form-routes.js';
import { FAVICON } from './favicon.js';
import { tokenRoutes } from './token-routes.js';

export interface WebOptions {
  services: ServerServices;
  openapi: Record<string, unknown>;
  /** Mark the session cookie Secure (the server is behind HTTPS). */
  secureCookies: boolean;
  /** Failed sign-ins per client address and per key (shared with the API). */
  authFailures: AuthFailures;
  /** The reverse proxies whose X-Forwarded-For names the client. */
  trustedProxies: TrustedProxies;
}

const CSP = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
};

export function webApp(options: WebOptions): Hono<WebEnv> {
  const { services } = options;
  const app = new Hono<WebEnv>({ strict: false });
  app.get('/', (c) => c.redirect(`${UI}/jobs`, 302));
  app.get(UI, (c) => c.redirect(`${UI}/jobs`, 302));
  // Browsers ask for /favicon.ico on every page; the pages also name the SVG.
  for (const path of ['/favicon.ico', FAVICON.path]) {
    app.get(path, (c) => c.body(FAVICON.svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }));
  }

  app.use(`${UI}/*`, secureHeaders({ contentSecurityPolicy: CSP, referrerPolicy: 'same-origin', xFrameOptions: 'DENY' }), compress());
  app.use(`${UI}/*`, async (c, next) => {
    await next();
    if (!c.req.path.startsWith(`${UI}/assets/`)) c.header('Cache-Control', 'no-store');
  });
  // A form from another site is refused before anything reads it (SameSite=Strict cookies would not be sent anyway).
  app.use(`${UI}/*`, csrf(), bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text('The form is too large.', 413) }));

  app.get(`${UI}/assets/:file`, (c) => {
    const match = /^app\.([0-9a-f]{12})\.(css|js)$/.exec(c.req.param('file'));
    const asset = match && ASSETS[match[2] as 'css' | 'js'];
    if (!asset || asset.hash !== match[1]) return c.text('Not found', 404);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Content-Type', asset.type);
    return c.body(asset.text);
  });

  app.get(`${UI}/sign-in`, (c) => render(c, signInPage({ ...optional('ended', c.req.query('ended')), ...optional('next', c.req.query('next')) })));
  app.post(`${UI}/sign-in`, async (c) => {
    const form = await c.req.parseBody();
    const next = typeof form.next === 'string' ? form.next : undefined;
    const key = typeof form.key === 'string' ? form.key.trim() : '';
    // as in the API: the key is checked first, and a valid one is never refused for others' failures
    const check = await authenticate(services.store, key || undefined, { client: clientIdentity(c, options.trustedProxies), failures: options.authFailures, now: services.now() });
    if (!check.ok) {
      const why = { missing: 'Paste an API key.', unknown: 'That API key is not valid.', disabled: 'That API key is disabled.', expired: 'That API key has expired.' }[check.reason];
      if (check.retryAfter === 0) return render(c, signInPage({ problem: why, ...optional('next', next) }), 401);
      c.header('Retry-After', String(check.retryAfter));
      return render(c, signInPage({ problem: `Too many failed sign-ins; wait ${check.retryAfter} s and try again.`, ...optional('next', next) }), 429);
    }
    await startSession(c, services.store, check.key, services.now(), options.secureCookies);
    return c.redirect(safeNext(next), 303);
  });
  // Readable without signing in; with a session it keeps the navigation like every other page.
  app.get(`${UI}/api`, async (c) => {
    const found = await findSession(c, services.store, services.now);
    return render(c, apiReferencePage(options.openapi, 'session' in found ? found.session.viewer : undefined));
  });

  app.use(`${UI}/*`, requireSession(services.store, services.now));
  // Before pageRoutes: /ui/sources/new and /ui/comparisons/new are not ids.
  formRoutes(app, services);
  downloadRoutes(app, services);
  pageRoutes(app, services);
  tokenRoutes(app, services);
  app.all(`${UI}/*`, (c) => render(c, problemPage(c.get('session')?.viewer, 'Not found', 'There is no such page.'), 404));

  app.onError((error, c) => {
    // Hono's own refusals (the Origin check) keep their status and text
    if (error instanceof HTTPException) return error.getResponse();
    if (!(error instanceof HttpError)) throw error;
    return render(c, problemPage(c.get('session')?.viewer, error.status === 403 ? 'Not allowed' : error.detail, error.message), error.status);
  });
  return app;
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
