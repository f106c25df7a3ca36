/**
 * Corporate runners reach the service, webhooks and GitHub through an HTTP proxy. Node's fetch
 * ignores HTTPS_PROXY / HTTP_PROXY / NO_PROXY on its own; this makes every fetch of the process honour
 * them (upper or lower case, as @actions/http-client and curl do) by installing undici's
 * EnvHttpProxyAgent as the global dispatcher, which Node's fetch shares with the undici package.
 * Called once at start (the CLI's runCli, the action's entry); without a proxy variable nothing changes
 * and undici is not even loaded (it is a tenth of the CLI's start-up). A proxy URL with a password is
 * a secret, and must read one way (connection-url.ts) like a database URL: a ConfigurationError that
 * names the variable and quotes no part of it, instead of undici's crash.
 */
import { passwordReadings, readConnectionUrl } from './connection-url.js';
import { addSecret } from './redact.js';

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/** True when a proxy was installed (some proxy variable is set). */
export async function useProxyFromEnvironment(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const given = PROXY_VARIABLES.filter((name) => env[name]);
  if (given.length === 0) return false;
  for (const name of given) {
    const url = env[name]!;
    const { password, pieces } = passwordReadings(url);
    if (password !== undefined || pieces.length > 0) addSecret(url);
    readConnectionUrl(url, `the proxy variable ${name}`);
  }
  const { EnvHttpProxyAgent, setGlobalDispatcher } = await import('undici');
  const noProxy = env.NO_PROXY ?? env.no_proxy;
  setGlobalDispatcher(
    new EnvHttpProxyAgent({
      ...(env.HTTP_PROXY ?? env.http_proxy ? { httpProxy: env.HTTP_PROXY ?? env.http_proxy } : {}),
      ...(env.HTTPS_PROXY ?? env.https_proxy ? { httpsProxy: env.HTTPS_PROXY ?? env.https_proxy } : {}),
      ...(noProxy !== undefined ? { noProxy } : {}),
    }),
  );
  return true;
}
