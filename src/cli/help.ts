/** The --help texts, generated from the command registry and each command's options. */
import type { CliCommand, OptionSpec } from './command.js';

export function commandHelp(command: CliCommand): string {
  const lines = [`Usage: datacompare ${command.usage}`, '', command.summary, '', 'Options:'];
  const entries: [string, OptionSpec][] = [
    ...Object.entries(command.options),
    ['help', { type: 'boolean', short: 'h', description: 'show this help' }],
  ];
  const labels = entries.map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : '    ';
    const value = spec.type === 'string' ? ` ${spec.valueName ?? 'VALUE'}` : '';
    return `  ${short}--${name}${value}`;
  });
  const width = Math.max(...labels.map((l) => l.length)) + 2;
  entries.forEach(([, spec], i) => {
    const more = spec.multiple ? ' (repeatable)' : '';
    const fallback = spec.default !== undefined && spec.type === 'string' ? ` (default: ${String(spec.default)})` : '';
    lines.push(`${labels[i]!.padEnd(width)}${spec.description}${more}${fallback}`);
  });
  if (command.details) lines.push('', command.details);
  return `${lines.join('\n')}\n`;
}

export function mainHelp(commands: readonly CliCommand[], version: string): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    `datacompare ${version}: compare two datasets (tables or queries, same or different databases) and report every difference.`,
    '',
    'Usage: datacompare <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Options:',
    '  -h, --help     show help (also `datacompare <command> --help`)',
    '  -v, --version  print the version',
    '',
    'Exit status: 0 every comparison matched, 1 at least one differs, 2 an error (bad spec, connection, failed job).',
    '',
  ].join('\n');
}
