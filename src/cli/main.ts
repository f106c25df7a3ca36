/**
 * The CLI's composition root and its single catch: picks the command, parses its arguments, runs
 * it, and turns any error into a redacted message with its hint and exit status 2.
 */
import { ConfigurationError, ExitCode, SpecError, toDatacompareError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { formatProblems } from '../spec/problems.js';
import { closest } from '../spec/suggest.js';
import { parseCommandArgs } from './args.js';
import type { CliContext, Output } from './command.js';
import { commandEntries, loadCommands } from './commands/index.js';
import { commandHelp, mainHelp } from './help.js';
import { paint, streamOutput, terminalLogger } from './terminal.js';
import { killNotice } from '../shared/exit-holds.js';
import { useProxyFromEnvironment } from '../shared/proxy.js';
import { graceFromEnv, stopOnSignals } from '../shared/process-stop.js';
import { VERSION } from './version.js';

export interface CliIo {
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Fires on SIGINT/SIGTERM; its reason is a StopRequest naming the signal. */
  signal: AbortSignal;
  /** A command with its own shutdown (serve) lifts the hard exit that follows a stop. */
  ownShutdown?: () => void;
}

/** Runs the CLI with `argv` (without node and the script) and returns the exit status. */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const verbose = argv.includes('--verbose');
  try {
    // Every fetch honours HTTPS_PROXY & co.; a proxy URL that does not read one way is an error printed here.
    await useProxyFromEnvironment(io.env);
    const [first, ...rest] = argv;
    if (first === '--version' || first === '-v') {
      io.stdout.write(`${VERSION}\n`);
      return ExitCode.match;
    }
    if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
      (first === undefined ? io.stderr : io.stdout).write(mainHelp(await loadCommands(), VERSION));
      return first === undefined ? ExitCode.error : ExitCode.match;
    }
    const entry = commandEntries.find((c) => c.name === first);
    if (!entry) {
      const names = commandEntries.map((c) => c.name);
      const match = closest(first, names);
      throw new ConfigurationError(`unknown command "${first}"`, {
        hint: match ? `did you mean \`datacompare ${match}\`?` : `commands: ${names.join(', ')} (datacompare --help)`,
      });
    }
    const command = await entry.load();
    const values = parseCommandArgs(command, rest);
    if (values.help === true) {
      io.stdout.write(commandHelp(command));
      return ExitCode.match;
    }
    if (command.name === 'serve') io.ownShutdown?.();
    const context: CliContext = { ...io, logger: terminalLogger(io.stderr, { verbose, quiet: values.quiet === true }) };
    return await command.run(values, context);
  } catch (thrown) {
    printError(thrown, io.stderr, verbose);
    return ExitCode.error;
  }
}

function printError(thrown: unknown, stderr: Output, verbose: boolean): void {
  const error = toDatacompareError(thrown);
  if (error instanceof SpecError) {
    stderr.write(`${redact(formatProblems(error.problems[0]?.file ?? 'spec', error.problems))}\n`);
    return;
  }
  stderr.write(`${paint(stderr, '31', 'error:')} ${redact(error.message)}\n`);
  if (error.hint) stderr.write(`  hint: ${redact(error.hint)}\n`);
  if (verbose && error.stack) stderr.write(`${redact(error.stack)}\n`);
  if (verbose && error.cause instanceof Error && error.cause.stack) stderr.write(`caused by: ${redact(error.cause.stack)}\n`);
}

/**
 * The real process: its streams, environment and working directory. The first SIGINT/SIGTERM stops
 * the run (queries cancelled, connections destroyed, the partial report printed and written); a
 * second one, or the end of the grace period, exits at once with status 2 (137 when native work that
 * cannot be interrupted still holds the process: it is killed, see exit-holds.ts).
 */
function processIo(): CliIo {
  let grace = graceFromEnv(process.env);
  const stop = stopOnSignals({
    exitCode: ExitCode.error,
    secondSignal: 'exit',
    graceMs: () => grace,
    onStop: (request) => {
      const tail = Number.isFinite(grace) ? ' (press Ctrl-C again to quit at once)' : '';
      process.stderr.write(`\n${request.why}: stopping the running comparisons${tail}…\n`);
    },
    onForcedExit: (why, held) =>
      process.stderr.write(
        held.length === 0
          ? `datacompare: ${why}: exiting now with status 2.\n`
          : `datacompare: ${why}: exiting now; ${killNotice(held, 'exit status 137')}.\n`,
      ),
  });
  return {
    stdout: streamOutput(process.stdout, process.env),
    stderr: streamOutput(process.stderr, process.env),
    env: process.env,
    cwd: process.cwd(),
    signal: stop.signal,
    ownShutdown: () => (grace = Number.POSITIVE_INFINITY),
  };
}
