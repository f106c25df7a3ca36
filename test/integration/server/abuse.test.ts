/**
 * Issue 32, the smaller points: failed authentication is throttled (API and sign-in), a key keeps a
 * bounded number of web sessions, and malformed or deeply nested JSON is a 422 that does not echo the body.
 */
import { describe, expect, it } from 'vitest';
import * as c from '../../../src/api/contract.js';
import { SESSIONS_PER_KEY } from '../../../src/server/web/session.js';
import { startTestServer } from './harness.js';

describe('failed authentication is throttled per client', () => {
  it('answers 429 with Retry-After after the burst of failures, on the API and on the sign-in page', async () => {
    const t = await startTestServer({ workers: 0, authFailures: { burst: 5, everyMs: 60_000 } });
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
