import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postWebhook } from '../../../src/action/webhook.js';
import { MemoryLogger } from '../../../src/shared/logger.js';

/** A port nothing listens on: one a server had a moment ago. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the drift alert webhook', () => {
  it('names a network failure for what it is, never the webhook\'s secret path', async () => {
    const port = await closedPort();
    const logger = new MemoryLogger();
    expect(await postWebhook(`http://127.0.0.1:${port}/services/T000/B000/s3cr3tPath`, { text: 'x' }, { logger, retryBaseMs: 1 })).toBe(false);
    expect(logger.text('warning').replace(String(port), 'PORT')).toMatchInlineSnapshot(
      `"Could not send the drift alert to the webhook: connection refused: nothing listens on 127.0.0.1:PORT. The run's outcome is unchanged."`,
    );
  });

  it('says when no answer came within its time limit', async () => {
    const server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const logger = new MemoryLogger();
    try {
      expect(await postWebhook(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, { text: 'x' }, { logger, timeoutMs: 1000, retryBaseMs: 1 })).toBe(false);
    } finally {
      server.closeAllConnections();
      server.close();
    }
    expect(logger.text('warning')).toMatchInlineSnapshot(`"Could not send the drift alert to the webhook: no answer within 1 s. The run's outcome is unchanged."`);
  });
});
