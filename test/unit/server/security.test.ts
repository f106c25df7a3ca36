/** The server's small security pieces: the secret box, API key scopes, the rate limiter, error shapes. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { permissionsOf } from '../../../src/server/api-keys.js';
import { toValidationError } from '../../../src/server/http-errors.js';
import { page } from '../../../src/server/presenters.js';
import { tokenBucket } from '../../../src/server/rate-limit.js';
import { loadServerKey, SecretBox } from '../../../src/server/secret-box.js';

describe('SecretBox (AES-256-GCM)', () => {
  it('round-trips, never stores the plain text, and refuses a tampered or foreign secret', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal('postgres://u:pw-1234@h/db');
    expect(sealed).not.toContain('pw-1234');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    expect(box.open(sealed)).toBe('postgres://u:pw-1234@h/db');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + '=';
    expect(() => box.open(tampered)).toThrow(/cannot be decrypted/);
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow(/cannot be decrypted with this server key/);
  });

  it('takes the key from DATACOMPARE_SERVER_KEY and explains a malformed one', () => {
    const hex = randomBytes(32).toString('hex');
    expect(loadServerKey('/nonexistent', { DATACOMPARE_SERVER_KEY: hex }).toString('hex')).toBe(hex);
    expect(() => loadServerKey('/nonexistent', { DATACOMPARE_SERVER_KEY: 'short' })).toThrow('DATACOMPARE_SERVER_KEY must be 32 bytes as 64 hex characters or base64.');
  });
});

describe('scopes', () => {
  it('read means the data sources and jobs but not sensitive values, write means everything, fine scopes only themselves', () => {
    expect([...permissionsOf(['read'])].sort()).toEqual(['read:datasource', 'read:job']);
    expect([...permissionsOf(['write'])].sort()).toEqual(['manage:keys', 'read:datasource', 'read:job', 'read:sensitive', 'write:comparison', 'write:datasource', 'write:job']);
    expect([...permissionsOf(['read:sensitive'])]).toEqual(['read:sensitive']);
    expect([...permissionsOf(['write:job', 'unknown'])]).toEqual(['write:job']);
  });
});

describe('token bucket', () => {
  it('allows the burst, then asks to wait until a token is back', () => {
    let now = 0;
    const limiter = tokenBucket({ burst: 2, perSecond: 0.5, now: () => now });
    expect([limiter.take('k'), limiter.take('k'), limiter.take('k')]).toEqual([0, 0, 2]);
    expect(limiter.take('other')).toBe(0);
    now = 2000;
    expect(limiter.take('k')).toBe(0);
  });
});

describe('FastAPI shapes', () => {
  it('turns zod issues into detail items with loc[0] = where', () => {
    const schema = z.object({ size: z.number().max(100), name: z.string() });
    const result = schema.safeParse({ size: 101 }, { reportInput: true });
    const body = toValidationError('query', result.error!).body();
    expect(body).toMatchInlineSnapshot(`
      {
        "code": "validation_error",
        "detail": [
          {
            "input": 101,
            "loc": [
              "query",
              "size",
            ],
            "msg": "Too big: expected number to be <=100",
            "type": "less_than_equal",
          },
          {
            "input": null,
            "loc": [
              "query",
              "name",
            ],
            "msg": "Field required",
            "type": "missing",
          },
        ],
        "message": "The request is invalid: query.size: Too big: expected number to be <=100 (and 1 more problem(s)).",
      }
    `);
  });

  it('pages: ceil(total/size), 0 when empty', () => {
    expect(page([], 0, { page: 1, size: 50 })).toEqual({ items: [], page: 1, size: 50, total: 0, pages: 0 });
    expect(page([1], 101, { page: 3, size: 50 }).pages).toBe(3);
    expect(page([1], 100, { page: 1, size: 100 }).pages).toBe(1);
  });
});

describe('failure throttle', () => {
  it('lets the burst of failures through, then asks to wait, and forgets failures at the given pace', async () => {
    const { failureThrottle } = await import('../../../src/server/rate-limit.js');
    let now = 0;
    const throttle = failureThrottle({ burst: 3, everyMs: 1000, maxTracked: 2, now: () => now });
    throttle.fail(['ip:a', 'key:k']);
    throttle.fail(['ip:a', 'key:k']);
    expect(throttle.wait(['ip:a'])).toBe(0);
    throttle.fail(['ip:a', 'key:k']);
    expect([throttle.wait(['ip:a']), throttle.wait(['key:k']), throttle.wait(['ip:b'])]).toEqual([1, 1, 0]);
    now = 1000;
    expect(throttle.wait(['ip:a'])).toBe(0);
    // only maxTracked identities are remembered: the oldest is forgotten
    throttle.fail(['ip:c']);
    expect(throttle.wait(['ip:a', 'key:k'])).toBe(0);
  });
});
