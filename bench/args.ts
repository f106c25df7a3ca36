/** The bench's command line: `npm run bench -- [--rows N] [--link 100mbit,20ms] [--scenarios a,b] [--regenerate]`. */
export type ScenarioName = 'identical' | 'clustered' | 'spread' | 'string-key' | 'mixed-shape' | 'same-db';
export const SCENARIOS: readonly ScenarioName[] = ['identical', 'clustered', 'spread', 'string-key', 'mixed-shape', 'same-db'];

export interface LinkSpec {
  /** Bytes per second, each direction. */
  bytesPerSecond: number;
  /** One-way latency in milliseconds. */
  latencyMs: number;
  /** As typed, for the report. */
  label: string;
}

export interface BenchArgs {
  rows: number;
  link?: LinkSpec;
  scenarios: ScenarioName[];
  contenders: string[];
  regenerate: boolean;
  output: string;
  postgresUrl: string;
  mysqlUrl: string;
}

export const CONTENDERS = ['count', 'floor', 'datacompare', 'naive', 'join-sql'] as const;

export function parseLink(text: string): LinkSpec {
  const match = /^(\d+(?:\.\d+)?)\s*mbit(?:\/s)?\s*[,+ ]\s*(\d+(?:\.\d+)?)\s*ms$/i.exec(text.trim());
  if (!match) throw new Error(`--link "${text}" is not understood; write it like --link 100mbit,20ms.`);
  return { bytesPerSecond: (Number(match[1]) * 1_000_000) / 8, latencyMs: Number(match[2]), label: `${match[1]} Mbit/s and ${match[2]} ms each way, one link shared by both databases` };
}

export function parseArgs(argv: string[]): BenchArgs {
  const args: BenchArgs = {
    rows: 1_000_000,
    scenarios: [...SCENARIOS],
    contenders: [...CONTENDERS],
    regenerate: false,
    output: 'bench/results.md',
    postgresUrl: process.env.DATACOMPARE_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    mysqlUrl: process.env.DATACOMPARE_BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value.`);
      return next;
    };
    switch (flag) {
      case '--rows': {
        const rows = Number(value().replaceAll('_', ''));
        if (!Number.isInteger(rows) || rows < 10_000) throw new Error('--rows must be an integer ≥ 10000.');
        args.rows = rows;
        break;
      }
      case '--link':
        args.link = parseLink(value());
        break;
      case '--scenarios': {
        const names = value().split(',').map((s) => s.trim());
        for (const name of names) {
          if (!SCENARIOS.includes(name as ScenarioName)) throw new Error(`Unknown scenario "${name}"; use ${SCENARIOS.join(', ')}.`);
        }
        args.scenarios = names as ScenarioName[];
        break;
      }
      case '--contenders': {
        const names = value().split(',').map((s) => s.trim());
        for (const name of names) {
          if (!(CONTENDERS as readonly string[]).includes(name)) throw new Error(`Unknown contender "${name}"; use ${CONTENDERS.join(', ')}.`);
        }
        args.contenders = names;
        break;
      }
      case '--regenerate':
        args.regenerate = true;
        break;
      case '--output':
        args.output = value();
        break;
      default:
        throw new Error(`Unknown option ${flag}. Options: --rows N, --link 100mbit,20ms, --scenarios a,b, --contenders a,b, --regenerate, --output file.`);
    }
  }
  return args;
}
