/** The API reference, rendered from the same OpenAPI document /openapi.json serves (generated from the zod contract). */
import { html } from 'hono/html';
import type { Html } from '../format.js';
import { page, type Viewer } from '../layout.js';

interface Operation {
  summary?: string;
  'x-required-scope'?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

function typeOf(schema: unknown): string {
  const s = schema as { type?: string | string[]; enum?: unknown[]; format?: string; anyOf?: unknown[] } | undefined;
  if (!s) return '';
  if (s.enum) return s.enum.map(String).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  return [s.type].flat().filter(Boolean).join(' | ') + (s.format ? ` (${s.format})` : '');
}

function operation(method: string, path: string, op: Operation): Html {
  const success = Object.entries(op.responses ?? {}).find(([status]) => status.startsWith('2'));
  const body = op.requestBody?.content?.['application/json']?.schema;
  return html`<details class="endpoint" id="${method}-${path}">
    <summary><span class="method mono">${method.toUpperCase()}</span> <code>${path}</code> <span class="muted small">${op.summary ?? ''}</span></summary>
    <div>
      <p class="small">Scope: <code>${op['x-required-scope'] ?? 'none'}</code></p>
      ${op.parameters?.length ? html`<div class="scroll"><table><thead><tr><th scope="col">Parameter</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th></tr></thead>
        <tbody>${op.parameters.map((p) => html`<tr><td class="mono">${p.name}</td><td>${p.in}</td><td class="mono small">${typeOf(p.schema)}</td><td>${p.required ? 'yes' : ''}</td></tr>`)}</tbody></table></div>` : ''}
      ${body ? html`<p><strong>Request body</strong></p><pre>${JSON.stringify(body, null, 2)}</pre>` : ''}
      ${success ? html`<p><strong>${success[0]}</strong> ${success[1].description ?? ''}</p><pre>${JSON.stringify(success[1].content?.['application/json']?.schema ?? {}, null, 2)}</pre>` : ''}
    </div>
  </details>`;
}

export function apiReferencePage(openapi: Record<string, unknown>, viewer: Viewer | undefined): Html {
  const paths = (openapi.paths ?? {}) as Record<string, Record<string, Operation>>;
  const info = openapi.info as { title?: string; version?: string } | undefined;
  const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => operation(method, path, op)));
  return page(
    { title: 'API reference', section: 'api', ...(viewer ? { viewer } : {}) },
    html`<h1>API reference</h1>
      <p>${info?.title ?? ''} ${info?.version ?? ''}. Every route also answers under <code>/api/v1</code>. Send <code>Authorization: Bearer &lt;key&gt;</code> and <code>Workspace-Id: &lt;uuid&gt;</code>. The machine-readable document: <a href="/openapi.json">/openapi.json</a>.</p>
      ${operations}`,
  );
}
