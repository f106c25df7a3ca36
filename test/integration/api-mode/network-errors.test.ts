/**
 * When the service cannot be used, the error says which address was tried and which setting named it,
 * and never the API key: a closed port, a host that does not resolve, TLS to a plain HTTP port, and a
 * wrong key answered by a real `datacompare serve`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import type { ApiCallError } from '../../../src/api/service-error.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { startTestServer, type TestServer } from '../server/harness.js';

const KEY = 'dck_not-a-real-key-but-secret-0123456789abcdef';
const WORKSPACE = '3f2b9c1e-0000-4000-8000-000000000001';

function client(baseUrl: string, key = KEY, workspaceId = WORKSPACE): ApiClient {
  return new ApiClient({ baseUrl, apiKey: key, workspaceId, logger: silentLogger, urlSetting: 'DATACOMPARE_API_URL', maxAttempts: 1, requestTimeoutMs: 5000 });
}

async function failure(baseUrl: string, key?: string, workspace?: string): Promise<ApiCallError> {
  return (await client(baseUrl, key, workspace).listSources().then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  )) as ApiCallError;
}

function expectNamed(error: ApiCallError, address: string, words: RegExp, key = KEY) {
  const text = `${error.message}\n${error.hint ?? ''}`;
  expect(error.message).toContain(address);
  expect(error.message).toMatch(words);
  expect(error.hint).toContain('DATACOMPARE_API_URL');
  expect(text).not.toContain(key);
}

describe('network errors name the address and the setting, never the key', () => {
  let plain: http.Server;
  let plainPort: number;
  let service: TestServer;
  beforeAll(async () => {
    plain = http.createServer((_request, response) => response.end('not a service'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    plainPort = (plain.address() as AddressInfo).port;
    service = await startTestServer();
  });
  afterAll(async () => {
    await new Promise((resolve) => plain.close(resolve));
    await service?.stop();
  });

  it('a closed port', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(`http://127.0.0.1:${port}/api/v1`);
    expectNamed(error, `http://127.0.0.1:${port}/api/v1`, new RegExp(`connection refused: nothing listens on 127\\.0\\.0\\.1:${port}`));
  });

  it('a host that does not resolve', async () => {
    const error = await failure('http://no-such-host.invalid:8080');
    expectNamed(error, 'http://no-such-host.invalid:8080', /the host name no-such-host\.invalid does not resolve/);
  });

  it('TLS to a plain HTTP port', async () => {
    const error = await failure(`https://127.0.0.1:${plainPort}`);
    expectNamed(error, `https://127.0.0.1:${plainPort}`, /TLS to a plain HTTP port\?/);
    expect(error.hint).toMatch(/use http:\/\//);
  });

  it('credentials in the URL are never shown', async () => {
    const error = await failure(`http://user:pa55word@127.0.0.1:1/api`);
    expect(`${error.message} ${error.hint}`).not.toContain('pa55word');
    expect(error.message).toContain('http://127.0.0.1:1/api');
  });

  it('a wrong key on a real service', async () => {
    const wrong = 'dck_wrongwrongwrongwrongwrongwrongwrongwrong123';
    const error = await failure(service.url, wrong, service.workspace);
    expect(error.status).toBe(401);
    expectNamed(error, service.url.replace(/\/+$/, ''), /HTTP 401/, wrong);
  });
});
