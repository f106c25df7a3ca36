/**
 * `${VAR}` in any string of the spec is replaced by the environment variable VAR, so secrets stay
 * in the workflow (`env:` from `secrets.*`) and out of the file. `$${VAR}` writes a literal `${VAR}`.
 * A missing or empty variable is a problem (a secret a fork's pull request cannot read is empty).
 */
import type { PathSegment } from './positions.js';
import type { RawProblem } from './problems.js';

const REFERENCE = /\$(\$?)\{([^}]*)\}/g;
const VALID_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function interpolate(data: unknown, env: NodeJS.ProcessEnv): { value: unknown; problems: RawProblem[] } {
  const problems: RawProblem[] = [];
  const value = walk(data, [], env, problems);
  return { value, problems };
}

function walk(value: unknown, path: PathSegment[], env: NodeJS.ProcessEnv, problems: RawProblem[]): unknown {
  if (typeof value === 'string') return replace(value, path, env, problems);
  if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, index], env, problems));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key], env, problems)]));
  }
  return value;
}

function replace(text: string, path: PathSegment[], env: NodeJS.ProcessEnv, problems: RawProblem[]): string {
  return text.replace(REFERENCE, (whole, escape: string, name: string) => {
    if (escape) return whole.slice(1);
    if (!VALID_NAME.test(name)) {
      problems.push({
        path,
        message: `\`\${${name}}\` is not a valid environment variable reference`,
        hint: 'write ${NAME} with letters, digits and underscores; write $${…} for a literal ${…}',
      });
      return whole;
    }
    const resolved = env[name];
    if (resolved === undefined || resolved === '') {
      problems.push({
        path,
        message: `environment variable ${name} is ${resolved === undefined ? 'not set' : 'empty'}`,
        hint: `set it in the workflow step: \`env: { ${name}: \${{ secrets.${name} }} }\` (a pull request from a fork gets no secrets), or \`export ${name}=…\` in your shell`,
      });
      return whole;
    }
    return resolved;
  });
}
