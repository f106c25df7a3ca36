/**
 * Issue 32, the smaller points: failed authentication is throttled (API and sign-in), a key keeps a
 * bounded number of web sessions, and malformed or deeply nested JSON is a 422 that does not echo the body.
 * Issue 43, finding 6b: the key is checked first, so a valid key is never refused for failures others
 * sent from its address (a NAT, a proxy) or in its name; X-Forwarded-For counts only from a trusted proxy.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { SESSIONS_PER_KEY } from '../../../src/server/web/session.js';
import { startTestServer } from './harness.js';

describe('failed authentication is throttled per client', () => {
  it('answers 429 with Retry-After after the burst of failures, on the API and on the sign-in page', async () => {
    const t = await startTestServer({ workers: 0, authFailures: { burst: 5, everyMs: 60_000, holdMs: 50 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await t.request('GET', '/jobs/comparison', { key: `dck_wrong${i}${'x'.repeat(40)}` })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
      const blocked = await t.request('GET', '/jobs/comparison', { key: 'dck_wrong-again-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(blocked.json).toMatchObject({ code: 'too_many_failures' });
      const signIn = await fetch(`${t.url}/ui/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.url },
        body: new URLSearchParams({ key: 'dck_nope' }).toString(),
        redirect: 'manual',
      });
      expect(signIn.status).toBe(429);
      expect(await signIn.text()).toContain('Too many failed sign-ins');
    } finally {
      await t.stop();
    }
  });
});

/** A made-up key of the right shape (`dck_` and 43 characters), optionally starting like `prefix`. */
const wrongKey = (prefix = 'dck_'): string => `${prefix}${randomBytes(32).toString('base64url')}`.slice(0, 47);

function signIn(url: string, key: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/ui/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url, ...headers },
    body: new URLSearchParams({ key }).toString(),
    redirect: 'manual',
  });
}

describe('a valid key is never refused for others\' failures', () => {
  it('accepts a valid key from an address that sent 30 wrong ones, on the API and the sign-in page, and still slows the wrong ones', async () => {
    const t = await startTestServer({ workers: 0, authFailures: { burst: 20, everyMs: 3000, holdMs: 200 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await t.request('GET', '/sources', { key: wrongKey() })).status);
      expect(statuses).toEqual([...Array(19).fill(401), ...Array(11).fill(429)]);
      const valid: number[] = [];
      for (let i = 0; i < 30; i++) valid.push((await t.request('GET', '/sources')).status);
      expect(valid).toEqual(Array(30).fill(200));
      expect((await signIn(t.url, t.key)).status).toBe(303);
      // a wrong key from that address is still refused, and its answer is held
      const started = performance.now();
      const guess = await t.request('GET', '/sources', { key: wrongKey() });
      expect(guess.status).toBe(429);
      expect(performance.now() - started).toBeGreaterThanOrEqual(200);
      expect((await signIn(t.url, wrongKey())).status).toBe(429);
    } finally {
      await t.stop();
    }
  });

  it("counts a key's prefix apart from the address: guesses at one key's prefix are refused, the key itself is not", async () => {
    const t = await startTestServer({ workers: 0, authFailures: { burst: 5, everyMs: 60_000, holdMs: 0 }, trustedProxies: ['127.0.0.1'] });
    try {
      const prefix = t.key.slice(0, 12);
      const statuses: number[] = [];
      // five clients (behind the trusted proxy), one guess each at the same key's prefix
      for (let i = 1; i <= 5; i++) statuses.push((await t.request('GET', '/sources', { key: wrongKey(prefix), headers: { 'X-Forwarded-For': `203.0.113.${i}` } })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      expect((await t.request('GET', '/sources', { headers: { 'X-Forwarded-For': '203.0.113.6' } })).status).toBe(200);
      // another key's guesses from a fresh client are not refused for these
      expect((await t.request('GET', '/sources', { key: wrongKey(), headers: { 'X-Forwarded-For': '203.0.113.7' } })).status).toBe(401);
    } finally {
      await t.stop();
    }
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored unless the peer is a trusted proxy: a client cannot pick the address it is counted under', async () => {
    const direct = await startTestServer({ workers: 0, authFailures: { burst: 3, everyMs: 60_000, holdMs: 0 } });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i++) statuses.push((await direct.request('GET', '/sources', { key: wrongKey(), headers: { 'X-Forwarded-For': `198.51.100.${i}` } })).status);
      expect(statuses).toEqual([401, 401, 429, 429]);
    } finally {
      await direct.stop();
    }
  });

  it('names the client behind a trusted proxy: one client over its limit does not lock out the others behind it', async () => {
    const proxied = await startTestServer({ workers: 0, authFailures: { burst: 3, everyMs: 60_000, holdMs: 0 }, trustedProxies: ['127.0.0.0/8'] });
    try {
      const from = (address: string) => ({ 'X-Forwarded-For': `10.9.9.9, ${address}` });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await proxied.request('GET', '/sources', { key: wrongKey(), headers: from('198.51.100.1') })).status);
      expect(statuses).toEqual([401, 401, 429, 429]);
      // the rightmost address is the one the proxy saw; what the client wrote before it does not count
      expect((await proxied.request('GET', '/sources', { key: wrongKey(), headers: from('198.51.100.2') })).status).toBe(401);
      expect((await signIn(proxied.url, wrongKey(), from('198.51.100.2'))).status).toBe(401);
      expect((await signIn(proxied.url, wrongKey(), from('198.51.100.1'))).status).toBe(429);
    } finally {
      await proxied.stop();
    }
  });
});

describe('web sessions per key', () => {
  it(`keeps a key's ${SESSIONS_PER_KEY} newest sessions and ends the older ones`, async () => {
    const t = await startTestServer({ workers: 0 });
    try {
      const cookies: string[] = [];
      for (let i = 0; i < SESSIONS_PER_KEY + 3; i++) {
        const answer = await fetch(`${t.url}/ui/sign-in`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: t.url },
          body: new URLSearchParams({ key: t.key }).toString(),
          redirect: 'manual',
        });
        expect(answer.status).toBe(303);
        cookies.push(/dc_session=[^;]+/.exec(answer.headers.get('set-cookie') ?? '')![0]);
      }
      const page = (cookie: string) => fetch(`${t.url}/ui/jobs`, { headers: { Cookie: cookie }, redirect: 'manual' }).then((r) => r.status);
      expect(await page(cookies[0]!)).toBe(303);
      expect(await page(cookies[2]!)).toBe(303);
      expect(await page(cookies[3]!)).toBe(200);
      expect(await page(cookies.at(-1)!)).toBe(200);
    } finally {
      await t.stop();
    }
  });
});

describe('malformed JSON', () => {
  it('is a 422 that quotes nothing of the body, however deep or broken', async () => {
    const t = await startTestServer({ workers: 0 });
    try {
      const secret = 'postgres://u:Sup3r-secret@db/x';
      const broken = await t.request('POST', '/sources', { rawBody: `{"name":"a","type":"postgres","url":"${secret}",` });
      expect(broken.status).toBe(422);
      expect(c.validationErrorBodySchema.parse(broken.json).detail[0]).toMatchObject({ type: 'json_invalid', msg: 'JSON decode error', input: {} });
      expect(broken.text).not.toContain('Sup3r');

      const deep = await t.request('POST', '/comparisons', { rawBody: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
      expect(deep.status).toBe(422);
      expect(deep.json.detail[0]).toMatchObject({ type: 'json_invalid', msg: 'JSON nested deeper than 64 levels' });
      const nestedObject = await t.request('POST', '/comparisons', { rawBody: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` });
      expect(nestedObject.status).toBe(422);

      const wrongShape = await t.request('POST', '/sources', { body: [{ name: 'x', url: secret }] });
      expect(wrongShape.status).toBe(422);
      expect(wrongShape.json.detail[0].input).toBe('[…]');
      expect(wrongShape.text).not.toContain('Sup3r');
      const long = await t.request('POST', '/sources', { body: { name: 'n'.repeat(5000), type: 'postgres', url: 'postgres://u@h/d' } });
      expect(long.status).toBe(422);
      expect(long.json.detail[0].input).toBe(`${'n'.repeat(100)}…`);
      expect(long.text.length).toBeLessThan(1000);
    } finally {
      await t.stop();
    }
  });
});
