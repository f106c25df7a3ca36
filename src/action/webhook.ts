/**
 * The drift alert (input `webhook-url`): one POST per change of state, to a Slack or Microsoft Teams
 * incoming webhook, through the process's fetch (proxies honoured). A timeout per attempt, three
 * attempts with backoff on network errors, 429 and 5xx; a failing webhook is a warning, never a failed
 * run, and the URL (a secret) never appears in a message.
 */
import type { Logger } from '../shared/logger.js';
import { describeNetworkFailure, networkErrorCode } from '../shared/network-failure.js';
import { redact } from '../shared/redact.js';
import { retry } from '../shared/retry.js';

export async function postWebhook(url: string, message: { text: string }, options: { logger: Logger; timeoutMs?: number; retryBaseMs?: number }): Promise<boolean> {
  const { logger } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  try {
    await retry(
      async () => {
        const limit = AbortSignal.timeout(timeoutMs);
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: limit,
        }).catch((error: unknown) => {
          // Named for what happened (the host only: the webhook's path is its secret).
          const what = limit.aborted ? `no answer within ${Math.round(timeoutMs / 1000)} s` : describeNetworkFailure(networkErrorCode(error), new URL(url)).what;
          throw new Error(what, { cause: error });
        });
        await response.body?.cancel();
        if (!response.ok) throw Object.assign(new Error(`the webhook answered HTTP ${response.status}`), { status: response.status });
      },
      {
        classify: (error) => {
          const status = (error as { status?: number }).status;
          return status === undefined || status === 429 || status >= 500 ? { retry: true, reason: status ? `HTTP ${status}` : 'network error' } : { retry: false };
        },
        maxAttempts: 3,
        baseMs: options.retryBaseMs ?? 1000,
        onRetry: (info) => logger.debug(`webhook: ${info.reason}; retrying in ${info.delayMs} ms`),
      },
    );
    logger.info('Sent the drift alert to the webhook.');
    return true;
  } catch (error) {
    logger.warning(`Could not send the drift alert to the webhook: ${redact(error instanceof Error ? error.message : String(error))}. The run's outcome is unchanged.`);
    return false;
  }
}
