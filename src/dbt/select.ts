/** `dbt.exclude`: model names, globs on names (legacy_*), `tag:X` and `path:X` (a folder or a glob). */
import type { DbtNode } from './manifest.js';

export function isExcluded(node: DbtNode, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matches(node, pattern));
}

function matches(node: DbtNode, pattern: string): boolean {
  if (pattern.startsWith('tag:')) {
    const tag = pattern.slice(4);
    return node.tags.includes(tag) || ((node.config as { tags?: unknown }).tags as string[] | undefined)?.includes(tag) === true;
  }
  if (pattern.startsWith('path:')) {
    const wanted = pattern.slice(5).replaceAll('\\', '/').replace(/\/$/, '');
    const file = node.original_file_path.replaceAll('\\', '/');
    return file === wanted || file.startsWith(`${wanted}/`) || glob(wanted).test(file);
  }
  return glob(pattern).test(node.name) || pattern === node.unique_id;
}

/** `*` any run of characters, `?` one character; everything else literal. */
function glob(pattern: string): RegExp {
  const body = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*').replaceAll('?', '.');
  return new RegExp(`^${body}$`);
}
