/**
 * Validates the parsed YAML with the zod schema and turns zod's issues into our problems: plain
 * wording ("is required", "must be a list") and hints (the closest allowed key, the allowed types).
 * Messages written in schema.ts ("must not be empty") take precedence over the wording here.
 */
import { z } from 'zod';
import type { PathSegment } from './positions.js';
import type { RawProblem } from './problems.js';
import { specSchema, type Spec } from './schema.js';
import { closest, suggestionHint } from './suggest.js';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

export function validateSchema(data: unknown): { spec?: Spec; problems: RawProblem[] } {
  // jitless: a spec is parsed once a process; zod's compiled fast path cost more to build than it saves (issue #30).
  const result = specSchema.safeParse(data, { error: wording, jitless: true });
  if (result.success) return { spec: result.data, problems: [] };
  return { problems: result.error.issues.flatMap((issue) => toProblems(issue, data)) };
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping (key: value)',
  record: 'a mapping (key: value)',
};

function describeInput(input: unknown): string {
  if (input === null) return 'an empty value';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object') return 'a mapping';
  if (typeof input === 'string') return `the string ${JSON.stringify(input)}`;
  return String(input);
}

function wording(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      return `must be ${expected}, not ${describeInput(issue.input)}`;
    }
    case 'invalid_value':
      if (issue.input === undefined) return 'is required';
      return `must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}, not ${describeInput(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'string') return 'must not be empty';
      if (issue.origin === 'array') return `must list at least ${issue.minimum} item(s)`;
      return `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'array') return `must list at most ${issue.maximum} item(s)`;
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'uuid' ? 'must be a UUID such as 3f2b9c1e-0000-4000-8000-000000000001' : `must be a valid ${issue.format}`;
    default:
      return undefined;
  }
}

function toProblems(issue: Issue, data: unknown): RawProblem[] {
  const path = issue.path.filter((s): s is string | number => typeof s !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const allowed = allowedKeysAt(path, data);
    return issue.keys.map((key) => ({
      path: [...path, key],
      message: `unknown key \`${key}\``,
      hint: unknownKeyHint(key, allowed),
      at: 'key' as const,
    }));
  }
  if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator) {
    const options = (issue as { options?: unknown[] }).options?.map(String) ?? [];
    const value = valueAt(data, path);
    if (value === undefined) {
      return [{ path, message: 'is required', hint: `set \`type\` to one of ${options.join(', ')}` }];
    }
    const match = closest(String(value), options);
    return [
      {
        path,
        message: `unknown type ${JSON.stringify(value)}`,
        hint: match ? `did you mean \`${match}\`?` : `use one of ${options.join(', ')}`,
      },
    ];
  }
  const problem: RawProblem = { path, message: issue.message };
  const hint = hintFor(issue, path, valueAt(data, path));
  if (hint) problem.hint = hint;
  return [problem];
}

function hintFor(issue: Issue, path: PathSegment[], value: unknown): string | undefined {
  const last = path[path.length - 1];
  if (issue.code === 'invalid_type' && issue.expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    return `YAML reads ${String(value)} as a ${typeof value}; write it in quotes: "${String(value)}"`;
  }
  if ((issue.code === 'invalid_value' || issue.code === 'invalid_type') && last === 'version') return 'write `version: 1` at the top of the file';
  if (issue.code === 'invalid_type' && issue.message === 'is required') {
    if (last === 'url') return 'e.g. url: "${DATABASE_URL}" and set DATABASE_URL from a secret in the workflow step\'s env:';
    if (last === 'comparisons') return 'list the comparisons to run under `comparisons:`';
  }
  return undefined;
}

/** Spellings from the API document's request body, and where they go in the spec. */
const API_DOCUMENT_KEYS: Record<string, string> = {
  source_query: 'write it as `source: { datasource: …, query: … }`',
  target_query: 'write it as `target: { datasource: …, query: … }`',
  source_dataset_id: 'write it as `source: { datasource: …, dataset: … }`',
  target_dataset_id: 'write it as `target: { datasource: …, dataset: … }`',
  source_dataset: 'write it as `source: { datasource: …, dataset: … }`',
  target_dataset: 'write it as `target: { datasource: …, dataset: … }`',
  source_datasource_id: 'write it as `source: { datasource: <a key of datasources> }`',
  target_datasource_id: 'write it as `target: { datasource: <a key of datasources> }`',
};

function unknownKeyHint(key: string, allowed: readonly string[]): string {
  const apiSpelling = API_DOCUMENT_KEYS[key];
  if (apiSpelling && allowed.includes('source')) return apiSpelling;
  return suggestionHint(key, allowed);
}

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/** The keys the schema allows in the object at `path` (the datasource variant chosen by its `type`). */
export function allowedKeysAt(path: readonly PathSegment[], data: unknown): string[] {
  let schema: z.ZodType | undefined = specSchema;
  for (let i = 0; i <= path.length && schema; i++) {
    schema = unwrap(schema, valueAt(data, path.slice(0, i)));
    if (i === path.length) break;
    const segment = path[i]!;
    if (schema instanceof z.ZodObject) schema = (schema.shape as Record<string, z.ZodType>)[String(segment)];
    else if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
    else if (schema instanceof z.ZodRecord) schema = schema.valueType as z.ZodType;
    else schema = undefined;
  }
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function unwrap(schema: z.ZodType, value: unknown): z.ZodType {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodUnion) {
      const options = current.options as z.ZodType[];
      const type = (value as { type?: unknown } | undefined)?.type;
      const chosen = options.find((o) => o instanceof z.ZodObject && (o.shape as Record<string, z.ZodType>).type?.safeParse(type).success);
      if (!chosen) return current;
      current = chosen;
    } else {
      return current;
    }
  }
}
