/**
 * Behind a company proxy: the CLI reaches the service through HTTP_PROXY / https_proxy (either case),
 * and NO_PROXY sends a host around it. A real forward proxy counts what went through it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectProxy, type TestProxy } from '../helpers/connect-proxy.js';
import { startTestServer, type TestServer } from '../integration/server/harness.js';

const run = promisify(execFile);
const bin = path.resolve('bin/datacompare.js');

describe('datacompare behind an HTTP proxy', () => {
  let service: TestServer;
  let proxy: TestProxy;
  let serviceHost: string;
  beforeAll(async () => {
    service = await startTestServer();
    proxy = await startConnectProxy();
    serviceHost = new URL(service.url).host;
  });
  afterAll(async () => {
    await proxy?.close();
    await service?.stop();
  });

  const sources = (proxyEnv: Record<string, string>) =>
    run(process.execPath, [bin, 'sources'], {
      env: {
        PATH: process.env.PATH ?? '',
        NO_COLOR: '1',
        DATACOMPARE_API_URL: service.url,
        DATACOMPARE_API_KEY: service.key,
        DATACOMPARE_WORKSPACE_ID: service.workspace,
        ...proxyEnv,
      },
      timeout: 30_000,
    });

  it.each([['HTTP_PROXY'], ['http_proxy']])('sends the API calls through %s', async (name) => {
    const before = proxy.seen.length;
    const { stdout } = await sources({ [name]: proxy.url });
    expect(stdout).toBeDefined();
    expect(proxy.seen.slice(before)).toContain(serviceHost);
  });

  it('goes around the proxy for a host in NO_PROXY', async () => {
    const before = proxy.seen.length;
    await sources({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    expect(proxy.seen.length).toBe(before);
  });

  it('fails with the proxy named when the proxy is down', async () => {
    const error = (await sources({ HTTP_PROXY: 'http://127.0.0.1:1' }).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(error.code).toBe(2);
    expect(error.stderr).toContain(service.url.replace(/\/+$/, ''));
    expect(error.stderr).not.toContain(service.key);
  });

  it('refuses a proxy URL whose password breaks it, naming the variable and no piece of the password', async () => {
    for (const [url, why] of [
      ['http://u:P@ssLongProxyPart/1@127.0.0.1:3128', 'cannot be split one way into user, password and host'],
      ['http://u:P%ssLongProxyPart@127.0.0.1:3128', 'holds a `%` not followed by two hexadecimal digits'],
    ]) {
      const error = (await sources({ HTTPS_PROXY: url! }).catch((e: unknown) => e)) as { code: number; stderr: string };
      expect(error.code).toBe(2);
      expect(error.stderr).toContain(`error: The proxy variable HTTPS_PROXY ${why}`);
      expect(error.stderr).toContain('hint: Percent-encode the password and user');
      expect(error.stderr).not.toMatch(/LongProxy|P@ss|P%ss/);
    }
  });
});
