/**
 * Authentication with failure limits, shared by the API and the web page's sign-in. The presented key
 * is checked first, always: a valid key is accepted whatever others sent from the same address (a NAT,
 * a reverse proxy) or in the key's name. A wrong key counts as a failure of its client address and of
 * its prefix (the 12 characters keys are looked up by); past the burst of either, the answer is 429
 * with Retry-After instead of 401, and is held `holdMs` first. What stops guessing is the key itself
 * (256 random bits); the limits make each wrong guess cost the guesser a held answer and keep a flood of
 * them from reaching the logs and the store at full speed.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { API_KEY_PREFIX_LENGTH, verifyApiKey, type KeyCheck } from './api-keys.js';
import type { AuthFailures } from './rate-limit.js';
import type { ApiKeyRecord, Store } from './storage/store.js';

export type Authentication =
  | { ok: true; key: ApiKeyRecord }
  /** `retryAfter`: 0 answers 401; more answers 429 with that Retry-After (seconds). */
  | { ok: false; reason: Extract<KeyCheck, { ok: false }>['reason']; retryAfter: number };

export async function authenticate(
  store: Store,
  presented: string | undefined,
  options: { client: string; failures: AuthFailures; now: Date },
): Promise<Authentication> {
  const check = await verifyApiKey(store, presented, options.now);
  if (check.ok) return check;
  const retryAfter = options.failures.fail(`ip:${options.client}`, presented ? `key:${presented.slice(0, API_KEY_PREFIX_LENGTH)}` : undefined);
  if (retryAfter > 0) await delay(options.failures.holdMs);
  return { ok: false, reason: check.reason, retryAfter };
}
