/**
 * Issue 43, finding 9 on the service: a data source URL whose password breaks it (an unencoded `@`,
 * `/`, `?`, `#`, `%` or space) is refused when the source is created, with the percent-encoding hint
 * and no piece of the password: not in the answer, not in the log, not as "the host" the operator
 * has not allowed (WHATWG reads `u:P@ssLongSecretPart/1@…` as the host `ssLongSecretPart`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

describe('creating a data source whose password breaks its URL', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ allowHosts: ['10.0.0.0/8'], scanOnCreate: false });
  });
  afterAll(async () => t?.stop());

  it.each([
    ['an @ and a /', 'mysql://u:P@ssLongSecretPart/1@10.1.2.3:3306/shop', 'cannot be split one way into user, password and host'],
    ['a #', 'postgres://u:P#ssLongSecretPart@10.1.2.3:5432/shop', 'holds a `#`'],
    ['a bare %', 'mysql://u:P%ssLongSecretPart@10.1.2.3:3306/shop', 'holds a `%` not followed by two hexadecimal digits'],
  ])('is refused (%s) with the percent-encoding hint, naming no piece of the password', async (_, url, why) => {
    const answer = await t.request('POST', '/sources', { body: { name: 'shop', type: url.startsWith('mysql') ? 'mysql' : 'postgres', url } });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.detail[0].msg).toContain(`The connection URL of data source "shop" ${why}`);
    expect(answer.json.detail[0].msg).toContain('Percent-encode the password and user: write each special character as `%` and its hex code (`@` → `%40`');
    expect(answer.text + JSON.stringify(t.logs)).not.toMatch(/LongSecret|P@ss/);
    expect((await t.request('GET', '/sources')).json.data.items).toEqual([]);
  });

  it('takes the same password percent-encoded', async () => {
    const url = `mysql://u:${encodeURIComponent('P@ssLongSecretPart/1')}@10.1.2.3:3306/shop`;
    const answer = await t.request('POST', '/sources', { body: { name: 'encoded', type: 'mysql', url } });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.text).not.toMatch(/LongSecret/);
  });
});
