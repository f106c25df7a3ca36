/**
 * What a CLI command is: its name, a one-line summary, its options (with the text --help shows) and
 * a `run` that returns the exit status. Commands never print errors or exit: they throw typed
 * errors, and src/cli/main.ts (the single catch) prints them and sets the exit status.
 */
import type { Logger } from '../shared/logger.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  default?: string | boolean;
  /** Shown in --help, e.g. "FILE". */
  valueName?: string;
  description: string;
}

export type OptionValues = Record<string, string | boolean | string[] | undefined>;

export interface Output {
  write(text: string): void;
  /** True when colours and in-place progress make sense (a terminal, NO_COLOR unset). */
  color: boolean;
}

export interface CliContext {
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Fires on SIGINT/SIGTERM. */
  signal: AbortSignal;
  /** Writes to stderr; debug lines only with --verbose. */
  logger: Logger;
}

export interface CliCommand {
  name: string;
  summary: string;
  /** Usage line(s) after `datacompare`, e.g. `run [--spec FILE] [--comparison NAME]…`. */
  usage: string;
  options: Record<string, OptionSpec>;
  /** Words after the command (e.g. `keys create NAME`): at most `max`, passed to `run` as `values._`. */
  positionals?: { max: number };
  /** Extra paragraphs for --help (exit statuses, environment variables). */
  details?: string;
  run(values: OptionValues, context: CliContext): Promise<number>;
}
