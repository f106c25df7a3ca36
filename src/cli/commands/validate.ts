/** `datacompare validate`: checks the spec file and lists what it would compare; runs nothing. */
import { DEFAULT_SPEC_PATH } from '../../spec/schema.js';
import { loadSpec } from '../../spec/load.js';
import { addDbtComparisons } from '../../dbt/derive.js';
import { dbtCliOptions, dbtLines, dbtOptions, describeKey } from './dbt-options.js';
import type { SideDefinition } from '../../engine/model.js';
import { ExitCode } from '../../shared/errors.js';
import { stringOption } from '../args.js';
import type { CliCommand } from '../command.js';
import { paint } from '../terminal.js';

export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'check the spec file (schema, rules, ${VAR}s) and list its comparisons; runs nothing',
  usage: 'validate [--spec FILE]',
  options: {
    spec: { type: 'string', short: 's', valueName: 'FILE', default: DEFAULT_SPEC_PATH, description: 'the spec file' },
    ...dbtCliOptions,
  },
  details: 'Exit status: 0 the spec is valid, 2 it has problems (every problem is printed with its file:line:column).',
  async run(values, context) {
    const spec = await loadSpec(stringOption(values, 'spec') ?? DEFAULT_SPEC_PATH, { env: context.env, cwd: context.cwd });
    const loaded = addDbtComparisons(spec, dbtOptions(values, context.cwd, undefined));
    const { stdout } = context;
    const n = loaded.definitions.length;
    stdout.write(`${paint(stdout, '32', '✔')} ${loaded.file} is valid: ${n === 1 ? '1 comparison' : `${n} comparisons`}\n`);
    const width = Math.max(...loaded.definitions.map((d) => d.name.length));
    for (const d of loaded.definitions) {
      const what = d.source.datasourceName === '' ? `comparison ${d.comparisonId ?? ''} on the service (api mode only)` : `${side(d.source)} → ${side(d.target)}`;
      stdout.write(`  ${d.name.padEnd(width)}  ${what}\n`);
      if (d.dbt) stdout.write(`  ${''.padEnd(width)}  dbt ${d.dbt.unique_id}: ${d.dbt.reason}; key: ${describeKey(d)}\n`);
    }
    if (loaded.dbt) stdout.write(dbtLines(loaded.dbt));
    return ExitCode.match;
  },
};

function side(s: SideDefinition): string {
  const type = s.connection ? s.connection.type : 'service';
  const what = s.dataset ?? 'query';
  return `${s.datasourceName} (${type}) ${what}${s.filter ? ' where …' : ''}`;
}
