/**
 * Host names looked up as the system's resolver reads them, without holding a thread: the hosts file
 * first, then DNS through c-ares (node's dns.Resolver) with the system's search list (resolv.conf's
 * `search` or `domain`, and `ndots`), every address of the first name that has any. Never getaddrinfo
 * (dns.lookup): it blocks one of libuv's four threads until the system's own timeouts, so names under a
 * domain whose nameserver never answers would stall every other lookup and file read of the process,
 * whatever time limit the caller raced it against. Here each lookup has a deadline at which its queries
 * are cancelled, and at most `maxConcurrent` lookups run at once in the process (one more waits for a
 * place, within its own deadline). Name services other than files and DNS (mDNS, LDAP) are not asked.
 */
import { Resolver } from 'node:dns/promises';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface NameLookupOptions {
  /** DNS servers to ask (`address` or `address:port`) instead of the system's. */
  servers?: readonly string[];
  /** Lookups at once in this process (default 16). */
  maxConcurrent?: number;
  /** The hosts file (default the system's). */
  hostsFile?: string;
  /** The resolver configuration whose search list applies (default /etc/resolv.conf). */
  resolvConf?: string;
}

/** How a name is searched: resolv.conf's search list and `ndots` (1 by default, as the system's). */
interface SearchRules {
  domains: string[];
  ndots: number;
}

/** Resends of a query the nameserver did not answer, within the lookup's deadline. */
const QUERY_TRIES = 3;

export class NameLookup {
  private readonly maxConcurrent: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: NameLookupOptions = {}) {
    this.maxConcurrent = Math.max(1, options.maxConcurrent ?? 16);
  }

  /**
   * Every address `name` has (IPv4 first, as written by the hosts file or DNS); [] when it has none, or
   * when none came within `withinMs` (then its queries are cancelled).
   */
  async addresses(name: string, withinMs: number): Promise<string[]> {
    const deadline = Date.now() + withinMs;
    if (!(await this.place(deadline))) return [];
    try {
      const listed = await hostsFileAddresses(name, this.options.hostsFile ?? systemHostsFile());
      if (listed.length > 0) return listed;
      return await this.askDns(name, deadline);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** True once a place is free (taken), false when the deadline came first. */
  private place(deadline: number): Promise<boolean> {
    if (this.running < this.maxConcurrent) {
      this.running++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const take = (): void => {
        clearTimeout(timer);
        this.running++;
        resolve(true);
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(take);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(false);
      }, Math.max(0, deadline - Date.now()));
      this.waiting.push(take);
    });
  }

  private async askDns(name: string, deadline: number): Promise<string[]> {
    const left = deadline - Date.now();
    if (left <= 0) return [];
    const resolver = new Resolver({ timeout: Math.max(50, Math.floor(left / QUERY_TRIES)), tries: QUERY_TRIES });
    if (this.options.servers) resolver.setServers([...this.options.servers]);
    const timer = setTimeout(() => resolver.cancel(), left);
    try {
      for (const candidate of searchOrder(name, await searchRules(this.options.resolvConf ?? '/etc/resolv.conf'))) {
        if (Date.now() >= deadline) return [];
        const [v4, v6] = await Promise.allSettled([resolver.resolve4(candidate), resolver.resolve6(candidate)]);
        const found = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
        if (found.length > 0) return found;
      }
      return [];
    } finally {
      clearTimeout(timer);
      resolver.cancel();
    }
  }
}

function systemHostsFile(): string {
  return process.platform === 'win32' ? path.join(process.env.SystemRoot ?? 'C:\\Windows', 'System32', 'drivers', 'etc', 'hosts') : '/etc/hosts';
}

/** The addresses the hosts file lists for `name` (any letter case), in the file's order; [] without the file. */
async function hostsFileAddresses(name: string, file: string): Promise<string[]> {
  const wanted = name.replace(/\.$/, '').toLowerCase();
  const addresses: string[] = [];
  for (const line of (await readFile(file, 'utf8').catch(() => '')).split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (address && names.some((listed) => listed.toLowerCase() === wanted)) addresses.push(address);
  }
  return addresses;
}

/** resolv.conf's search list (the last `search` or `domain` line) and `ndots`; the host name's domain when it names none. */
async function searchRules(file: string): Promise<SearchRules> {
  let domains: string[] | undefined;
  let ndots = 1;
  for (const line of (await readFile(file, 'utf8').catch(() => '')).split('\n')) {
    const [keyword, ...values] = line.replace(/[#;].*/, '').trim().split(/\s+/);
    if (keyword === 'search' || keyword === 'domain') domains = values.filter((domain) => domain !== '' && domain !== '.');
    if (keyword === 'options') {
      const dots = values.map((option) => /^ndots:(\d+)$/.exec(option)?.[1]).find((value) => value !== undefined);
      if (dots !== undefined) ndots = Math.min(15, Number(dots));
    }
  }
  const host = os.hostname();
  return { domains: domains ?? (host.includes('.') ? [host.slice(host.indexOf('.') + 1)] : []), ndots };
}

/** The names asked, in order: an absolute name (a trailing dot) alone; one with `ndots` dots or more first as written. */
function searchOrder(name: string, rules: SearchRules): string[] {
  if (name.endsWith('.')) return [name.slice(0, -1)];
  const searched = rules.domains.map((domain) => `${name}.${domain}`);
  const dots = name.split('.').length - 1;
  return dots >= rules.ndots ? [name, ...searched] : [...searched, name];
}
