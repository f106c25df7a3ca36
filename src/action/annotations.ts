/** Emits annotations (already ranked and capped by src/report/annotations.ts) as workflow commands. */
import * as core from './workflow-commands.js';
import type { Annotation } from '../report/annotations.js';

export function emitAnnotations(annotations: readonly Annotation[]): void {
  for (const a of annotations) {
    const properties: core.AnnotationProperties = { title: a.title, file: a.file, ...(a.line === undefined ? {} : { startLine: a.line }) };
    if (a.level === 'error') core.error(a.message, properties);
    else if (a.level === 'warning') core.warning(a.message, properties);
    else core.notice(a.message, properties);
  }
}
