/** The terminal side of the CLI: colour detection, a Logger writing to stderr, process wiring. */
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';
import type { Output } from './command.js';

/** Colours on a TTY only; NO_COLOR (any non-empty value) turns them off, FORCE_COLOR on. */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export function streamOutput(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): Output {
  return { write: (text) => void stream.write(text), color: colorEnabled(stream, env) };
}

/** Everything redacted; debug lines only when verbose; with `quiet` (--quiet) only errors (and debug lines when also verbose). */
export function terminalLogger(stderr: Output, options: { verbose: boolean; quiet?: boolean }): Logger {
  const dim = (text: string) => (stderr.color ? `\u001b[2m${text}\u001b[0m` : text);
  const line = (prefix: string, message: string) => stderr.write(`${prefix}${redact(message)}\n`);
  return {
    debug: (message) => {
      if (options.verbose) line(dim('debug: '), message);
    },
    info: (message) => {
      if (!options.quiet) line('', message);
    },
    warning: (message) => {
      if (!options.quiet) line('warning: ', message);
    },
    error: (message) => line('error: ', message),
  };
}

export function paint(output: Output, code: string, text: string): string {
  return output.color ? `\u001b[${code}m${text}\u001b[0m` : text;
}
