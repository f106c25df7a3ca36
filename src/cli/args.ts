/** Parsing a command's arguments with node:util parseArgs; mistakes become ConfigurationErrors. */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ConfigurationError } from '../shared/errors.js';
import type { CliCommand, OptionValues } from './command.js';

export function parseCommandArgs(command: CliCommand, args: string[]): OptionValues {
  const options: ParseArgsOptionsConfig = { help: { type: 'boolean', short: 'h' } };
  for (const [name, spec] of Object.entries(command.options)) {
    options[name] = {
      type: spec.type,
      ...(spec.short !== undefined && { short: spec.short }),
      ...(spec.multiple !== undefined && { multiple: spec.multiple }),
      ...(spec.default !== undefined && { default: spec.default }),
    } as ParseArgsOptionsConfig[string];
  }
  try {
    const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true });
    const allowed = command.positionals?.max ?? 0;
    if (positionals.length > allowed) {
      throw new ConfigurationError(`datacompare ${command.name} takes no argument "${positionals[allowed]}"`, {
        hint: `options start with --; see datacompare ${command.name} --help`,
      });
    }
    return (command.positionals ? { ...values, _: positionals } : values) as OptionValues;
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    const message = error instanceof Error ? error.message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    throw new ConfigurationError(message, { cause: error, hint: `see datacompare ${command.name} --help` });
  }
}

/** A whole number option within [min, max], or undefined when not given. */
export function integerOption(values: OptionValues, name: string, range: { min: number; max: number }): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    throw new ConfigurationError(`--${name} must be a whole number from ${range.min} to ${range.max}, not "${String(raw)}"`);
  }
  return value;
}

/** One of the allowed words, or undefined when not given. */
export function choiceOption<T extends string>(values: OptionValues, name: string, choices: readonly T[]): T | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && (choices as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigurationError(`--${name} must be one of ${choices.join(', ')}, not "${String(raw)}"`);
}

export function stringOption(values: OptionValues, name: string): string | undefined {
  const raw = values[name];
  return typeof raw === 'string' ? raw : undefined;
}

export function listOption(values: OptionValues, name: string): string[] {
  const raw = values[name];
  if (Array.isArray(raw)) return raw;
  return typeof raw === 'string' ? [raw] : [];
}
