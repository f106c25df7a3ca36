/**
 * Corporate runners reach the service, webhooks and GitHub through an HTTP proxy. Node's fetch
 * ignores HTTPS_PROXY / HTTP_PROXY / NO_PROXY on its own; this makes every fetch of the process honour
 * them (upper or lower case, as @actions/http-client and curl do) by installing undici's
 * EnvHttpProxyAgent as the global dispatcher, which Node's fetch shares with the undici package.
 * Called once by the entries; without a proxy variable nothing changes, and undici is not even
 * loaded (a third of a second of every run's start).
 */

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/** True when a proxy was installed (some proxy variable is set). */
export async function useProxyFromEnvironment(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!PROXY_VARIABLES.some((name) => env[name])) return false;
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
