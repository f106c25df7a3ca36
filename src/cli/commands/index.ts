/**
 * Every CLI command, in the order --help lists them, each loaded only when it runs (a dynamic
 * import), so `--version` loads none and `validate` never loads the service, Hono or undici.
 * Other commands register here with one line.
 */
import type { CliCommand } from '../command.js';

export interface CommandEntry {
  name: string;
  load(): Promise<CliCommand>;
}

export const commandEntries: readonly CommandEntry[] = [
  { name: 'run', load: async () => (await import('./run.js')).runCommand },
  { name: 'validate', load: async () => (await import('./validate.js')).validateCommand },
  { name: 'serve', load: async () => (await import('./serve.js')).serveCommand },
  { name: 'keys', load: async () => (await import('./keys.js')).keysCommand },
  { name: 'sources', load: async () => (await import('./sources.js')).sourcesCommand },
  { name: 'jobs', load: async () => (await import('./jobs.js')).jobsCommand },
  { name: 'diff', load: async () => (await import('./diff.js')).diffCommand },
  { name: 'scan', load: async () => (await import('./scan.js')).scanCommand },
];

/** Every command, loaded (for the main --help, which lists their summaries). */
export function loadCommands(): Promise<CliCommand[]> {
  return Promise.all(commandEntries.map((entry) => entry.load()));
}
