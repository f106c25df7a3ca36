/** /openapi.json: an OpenAPI 3.1 document generated from the routes' zod schemas (z.toJSONSchema). */
import { z } from 'zod';
import { errorBodySchema, validationErrorBodySchema } from '../api/contract.js';
import type { Route } from './router.js';

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'query' | 'path'): unknown[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

export function openApiDocument(routes: readonly Route[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema: schemaOf(schema, 'output') } } });
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      summary: route.summary,
      security: [{ bearer: [] }],
      'x-required-scope': route.permission,
      parameters: [
        { name: 'Workspace-Id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
        ...parameters(route.params, 'path'),
        ...parameters(route.query, 'query'),
      ],
      responses: {
        [String(route.status)]: { description: 'Success', content: { 'application/json': { schema: schemaOf(route.response, 'output') } } },
        401: error('Missing, unknown, disabled or expired API key', errorBodySchema),
        403: error('The key lacks the scope or does not belong to the workspace', errorBodySchema),
        404: error('Not found in this workspace', errorBodySchema),
        422: error('Validation error (FastAPI shape)', validationErrorBodySchema),
        429: error('Rate limited; see Retry-After', errorBodySchema),
      },
    };
    if (route.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Data Comparison Service (datacompare serve)', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
