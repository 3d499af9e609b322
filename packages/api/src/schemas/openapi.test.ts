import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_LIST } from './endpoints.js';
import { buildOpenApiDocument, type JsonObject } from './openapi.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every `$ref` string anywhere in a JSON value. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/** Follows a local JSON pointer such as `#/components/schemas/Tool`. */
function resolvePointer(document: JsonObject, pointer: string): unknown {
  return pointer.slice(2).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as JsonObject)[part] : undefined), document);
}

function operations(document: JsonObject): { path: string; method: string; operation: JsonObject }[] {
  return Object.entries(document.paths as Record<string, JsonObject>).flatMap(([path, item]) =>
    Object.entries(item).filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation: operation as JsonObject })));
}

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:4010/api' });

  it('is a valid OpenAPI 3.1 document by the official schema', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is checked by a validator that rejects a broken document', async () => {
    const broken = JSON.parse(JSON.stringify(document)) as JsonObject;
    const search = (broken.paths as Record<string, Record<string, JsonObject>>)['/user/phone-numbers/search']?.get as JsonObject;
    (search.parameters as JsonObject[])[0]!.in = 'body';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('has an operation for every registry endpoint at its method and path', () => {
    const paths = document.paths as Record<string, Record<string, JsonObject>>;
    for (const definition of ENDPOINT_LIST) {
      const operation = paths[definition.path]?.[definition.method.toLowerCase()];
      expect(operation, `${definition.method} ${definition.path}`).toBeDefined();
      const ids = (operation?.['x-registry-ids'] as string[] | undefined) ?? [operation?.operationId];
      expect(ids).toContain(definition.id);
    }
  });

  it('merges the runs list and the one-run read into one operation with both bodies', () => {
    const runs = (document.paths as Record<string, Record<string, JsonObject>>)['/user/automate/flows/{id}/runs']?.get;
    expect(runs?.['x-registry-ids']).toEqual(['automations.listRuns', 'automations.getRun']);
    const parameters = runs?.parameters as JsonObject[];
    expect(parameters.find((p) => p.name === 'run_id')).toMatchObject({ in: 'query', required: false });
    expect(parameters.find((p) => p.name === 'limit')).toMatchObject({ in: 'query', required: false });
    expect(refsIn((runs?.responses as JsonObject)['200'])).toEqual([
      '#/components/schemas/AutomationRunListResponse', '#/components/schemas/AutomationRunGetResponse',
    ]);
  });

  it('has unique operationIds', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      expect(resolvePointer(document, ref), ref).toBeDefined();
    }
  });

  it('declares every path placeholder as a required path parameter', () => {
    for (const { path, operation } of operations(document)) {
      const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const pathParams = (operation.parameters as JsonObject[]).filter((p) => p.in === 'path');
      expect(pathParams.map((p) => p.name).sort()).toEqual(placeholders.sort());
      for (const parameter of pathParams) expect(parameter.required).toBe(true);
    }
  });

  it('uses bearer security, the given server and the error bodies as components', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.servers).toEqual([{ url: 'http://127.0.0.1:4010/api' }]);
    const components = document.components as { securitySchemes: JsonObject; schemas: JsonObject };
    expect(components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const name of ['ValidationErrorBody', 'MessageErrorBody', 'SimpleErrorBody', 'RealtimeErrorBody', 'ChatAppErrorBody', 'AutomationErrorBody', 'ConversationErrorBody', 'PlatformErrorBody']) {
      expect(components.schemas[name], name).toBeDefined();
    }
  });

  it('describes requests with their rules: the tool name pattern, limits, defaults and the multipart upload', () => {
    const schemas = (document.components as { schemas: Record<string, JsonObject> }).schemas;
    const tool = schemas.ToolCreateParams?.properties as Record<string, JsonObject>;
    expect(tool.name).toMatchObject({ maxLength: 64, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' });
    expect(tool.timeout).toMatchObject({ minimum: 1, maximum: 30, default: 10 });
    expect(schemas.ToolCreateParams?.required).toEqual(expect.arrayContaining(['name', 'description', 'endpoint', 'method']));
    expect(schemas.ToolCreateParams?.required).not.toContain('timeout');
    const documentBody = (document.paths as Record<string, Record<string, JsonObject>>)['/user/knowledgebases/{knowledgebaseId}/documents']?.post?.requestBody as JsonObject;
    expect(Object.keys(documentBody.content as JsonObject).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect((schemas.DocumentCreateParams?.properties as Record<string, JsonObject>).file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('describes query parameters, including the hidden names, with their defaults', () => {
    const search = (document.paths as Record<string, Record<string, JsonObject>>)['/user/phone-numbers/search']?.get;
    const names = (search?.parameters as JsonObject[]).map((p) => p.name);
    expect(names).toEqual(['country', 'digits']);
    const perPage = ((document.paths as Record<string, Record<string, JsonObject>>)['/user/folders']?.get?.parameters as JsonObject[])
      .find((p) => p.name === 'per_page');
    expect(perPage).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 15 } });
  });

  it('keeps response schemas open to unknown fields', () => {
    const schemas = (document.components as { schemas: Record<string, JsonObject> }).schemas;
    expect(schemas.ToolCreateResponse?.additionalProperties).toEqual({});
  });

  it('defaults the server to a base_url variable when no server URL is given', () => {
    const servers = buildOpenApiDocument().servers as JsonObject[];
    expect(servers[0]?.url).toBe('{base_url}');
  });
});
