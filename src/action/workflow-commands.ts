/**
 * The runner's workflow commands, written as @actions/core 3 writes them (::error::, ::add-mask::,
 * the GITHUB_OUTPUT / GITHUB_STATE files, INPUT_* and STATE_* variables, the job summary file), without
 * loading @actions/core: its import pulls in @actions/http-client and undici for the OIDC client
 * (~60 ms of CPU before a bad spec can even be reported). Byte for byte the same output as
 * @actions/core, escaping included (test/unit/action/workflow-commands.test.ts compares them).
 * https://docs.github.com/actions/reference/workflows-and-actions/workflow-commands
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, constants as fsConstants } from 'node:fs';
import { access, appendFile } from 'node:fs/promises';
import { EOL } from 'node:os';

/** Where an annotation points (the subset of @actions/core's AnnotationProperties we use, same names). */
export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
  endLine?: number;
  startColumn?: number;
  endColumn?: number;
}

type CommandProperties = Record<string, unknown>;

/** A value as the runner receives it: strings as they are, null/undefined empty, anything else JSON. */
export function toCommandValue(input: unknown): string {
  if (input === null || input === undefined) return '';
  if (typeof input === 'string' || input instanceof String) return String(input);
  return JSON.stringify(input);
}

/** A command's message: `%`, CR and LF escaped, so a value cannot end the command or start another. */
export function escapeData(value: unknown): string {
  return toCommandValue(value).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command's property value: as data, and `:` and `,` too (they end a property or the property list). */
export function escapeProperty(value: unknown): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::name key=value,key=value::message`; properties with an empty value are left out. */
export function formatCommand(command: string, properties: CommandProperties, message: unknown): string {
  let text = `::${command || 'missing.command'}`;
  const set = Object.entries(properties).filter(([, value]) => value);
  if (Object.keys(properties).length > 0) text += ` ${set.map(([key, value]) => `${key}=${escapeProperty(value)}`).join(',')}`;
  return `${text}::${escapeData(message)}`;
}

function issueCommand(command: string, properties: CommandProperties, message: unknown): void {
  process.stdout.write(formatCommand(command, properties, message) + EOL);
}

/** `name<<delimiter` + value + delimiter: the multi-line form of the GITHUB_OUTPUT / GITHUB_STATE files. */
export function keyValueMessage(key: string, value: unknown, delimiter = `ghadelimiter_${randomUUID()}`): string {
  const converted = toCommandValue(value);
  if (key.includes(delimiter)) throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  if (converted.includes(delimiter)) throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  return `${key}<<${delimiter}${EOL}${converted}${EOL}${delimiter}`;
}

function issueFileCommand(command: 'OUTPUT' | 'STATE', message: string): void {
  const file = process.env[`GITHUB_${command}`];
  if (!file) throw new Error(`Unable to find environment variable for file command ${command}`);
  if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`);
  appendFileSync(file, `${message}${EOL}`, { encoding: 'utf8' });
}

function toCommandProperties(properties: AnnotationProperties): CommandProperties {
  if (Object.keys(properties).length === 0) return {};
  return {
    title: properties.title,
    file: properties.file,
    line: properties.startLine,
    endLine: properties.endLine,
    col: properties.startColumn,
    endColumn: properties.endColumn,
  };
}

/** The input `name` (INPUT_<NAME>, spaces as `_`), trimmed; '' when unset. */
export function getInput(name: string): string {
  return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '').trim();
}

export function getState(name: string): string {
  return process.env[`STATE_${name}`] || '';
}

export function saveState(name: string, value: unknown): void {
  if (process.env.GITHUB_STATE) return issueFileCommand('STATE', keyValueMessage(name, value));
  issueCommand('save-state', { name }, toCommandValue(value));
}

export function setOutput(name: string, value: unknown): void {
  if (process.env.GITHUB_OUTPUT) return issueFileCommand('OUTPUT', keyValueMessage(name, value));
  process.stdout.write(EOL);
  issueCommand('set-output', { name }, toCommandValue(value));
}

/** Masks `secret` in the runner's log from now on. */
export function setSecret(secret: string): void {
  issueCommand('add-mask', {}, secret);
}

export function debug(message: string): void {
  issueCommand('debug', {}, message);
}

export function info(message: string): void {
  process.stdout.write(message + EOL);
}

export function error(message: string | Error, properties: AnnotationProperties = {}): void {
  issueCommand('error', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}

export function warning(message: string | Error, properties: AnnotationProperties = {}): void {
  issueCommand('warning', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}

export function notice(message: string | Error, properties: AnnotationProperties = {}): void {
  issueCommand('notice', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}

export function startGroup(name: string): void {
  issueCommand('group', {}, name);
}

export function endGroup(): void {
  issueCommand('endgroup', {}, '');
}

/** An error annotation, and the step ends with exit code 1. */
export function setFailed(message: string | Error): void {
  process.exitCode = 1;
  error(message);
}

/** Appends markdown to the job summary (GITHUB_STEP_SUMMARY), as `core.summary.addRaw(markdown).write()`. */
export async function appendSummary(markdown: string): Promise<void> {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) throw new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.');
  try {
    await access(file, fsConstants.R_OK | fsConstants.W_OK);
  } catch {
    throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`);
  }
  await appendFile(file, markdown, { encoding: 'utf8' });
}
