import { z } from 'zod';
import { ENDPOINT_LIST, successStatuses, type EndpointDefinition, type EndpointError } from './endpoints.js';
import * as errors from './errors.js';
import * as apiKeys from './api-keys.js';
import * as assistantWebhooks from './assistant-webhooks.js';
import * as automations from './automations.js';
import * as chatApp from './chat-app.js';
import * as common from './common.js';
import * as conversations from './conversations.js';
import * as documents from './documents.js';
import * as folders from './folders.js';
import * as phoneNumbers from './phone-numbers.js';
import * as realtime from './realtime.js';
import * as sipTrunks from './sip-trunks.js';
import * as tools from './tools.js';
import * as voices from './voices.js';
import * as whiteLabel from './white-label.js';

/** A JSON Schema / OpenAPI object as plain JSON. */
export type JsonObject = { [key: string]: unknown };

/** Options of `buildOpenApiDocument`. */
export interface OpenApiOptions {
  /** The API root including `/api`; `{base_url}` (a server variable) when omitted. */
  serverUrl?: string;
  /** Document version; defaults to this package's contract version. */
  version?: string;
}

const SCHEMA_REF = '#/components/schemas/';
const ref = (name: string): JsonObject => ({ $ref: `${SCHEMA_REF}${name}` });

type NamedSchemas = Map<z.ZodType, string>;

const AREA_MODULES: readonly Record<string, unknown>[] = [
  apiKeys, documents, tools, realtime, whiteLabel, sipTrunks, phoneNumbers, automations, chatApp, conversations,
  assistantWebhooks, voices, folders, errors, common,
];

/** The exported name of each schema (first export wins where one schema has two names). */
function exportedNames(): NamedSchemas {
  const names: NamedSchemas = new Map();
  for (const module of AREA_MODULES) {
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType && !names.has(value)) names.set(value, name);
    }
  }
  return names;
}

/** Component names of the request-side and response-side schemas the registry uses, each schema once. */
function collectSchemas(): { requests: NamedSchemas; responses: NamedSchemas } {
  const names = exportedNames();
  const requests: NamedSchemas = new Map();
  const responses: NamedSchemas = new Map();
  const nameOf = (schema: z.ZodType, fallback: string) => names.get(schema) ?? fallback;
  for (const definition of ENDPOINT_LIST) {
    const base = operationName(definition.id);
    if (definition.body) requests.set(definition.body, nameOf(definition.body, `${base}Body`));
    responses.set(definition.response, nameOf(definition.response, `${base}Response`));
  }
  // Recursive, so it must be a named component that refers to itself.
  responses.set(automations.AutomationStep, 'AutomationStep');
  for (const [name, schema] of Object.entries(errors.ERROR_BODY_SCHEMAS)) responses.set(schema, name);
  responses.set(errors.PlatformErrorBody, 'PlatformErrorBody');
  return { requests, responses };
}

/** `tools.create` → `ToolsCreate`. */
function operationName(id: string): string {
  return id.split('.').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
}

/** Converts named schemas to component schemas, refs between them pointing into `#/components/schemas`. */
function toComponents(schemas: NamedSchemas, io: 'input' | 'output'): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of schemas) registry.add(schema, { id });
  const { schemas: converted } = z.toJSONSchema(registry, {
    io, unrepresentable: 'any', uri: (id) => `${SCHEMA_REF}${id}`,
  }) as { schemas: Record<string, JsonObject> };
  const components: Record<string, JsonObject> = {};
  for (const [name, schema] of Object.entries(converted)) {
    // Components live inside the OpenAPI document, which is their base; a per-schema $id/$schema would rebase refs.
    const { $schema: _schema, $id: _id, ...rest } = schema;
    components[name] = rest;
  }
  return components;
}

/** OpenAPI parameters from an object schema's input JSON Schema. */
function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query'): JsonObject[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name, in: location, required: location === 'path' || required.has(name), schema: propertySchema,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

function jsonContent(schema: JsonObject): JsonObject {
  return { 'application/json': { schema } };
}

/** Error responses by status, with the bodies of the spec's Errors table plus the ones every endpoint can give. */
function errorResponses(definition: EndpointDefinition): Record<string, JsonObject> {
  const byStatus = new Map<number, EndpointError[]>();
  for (const error of definition.errors ?? []) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  if (!byStatus.has(401)) byStatus.set(401, [{ status: 401, body: 'MessageErrorBody', when: 'missing or invalid credentials' }]);
  if ((definition.body || definition.query) && !byStatus.has(422)) {
    byStatus.set(422, [{ status: 422, body: 'ValidationErrorBody', when: 'validation failed' }]);
  }
  const responses: Record<string, JsonObject> = {};
  for (const [status, errors] of [...byStatus].sort(([a], [b]) => a - b)) {
    const names = [...new Set(errors.map((error) => error.body))];
    const schema = names.length === 1 ? ref(names[0]!) : { oneOf: names.map(ref) };
    responses[String(status)] = { description: errors.map((error) => error.when).join('; '), content: jsonContent(schema) };
  }
  responses.default = { description: 'Any other failure.', content: jsonContent(ref('PlatformErrorBody')) };
  return responses;
}

function requestBodyOf(definition: EndpointDefinition, requests: NamedSchemas): JsonObject | undefined {
  if (!definition.body || definition.bodyEncoding === 'none') return undefined;
  const schema = ref(requests.get(definition.body)!);
  const content: JsonObject = { 'application/json': { schema } };
  if (definition.bodyEncoding === 'multipart') {
    // Laravel reads nested form fields from bracketed names such as links[0][link].
    content['multipart/form-data'] = { schema, encoding: Object.fromEntries((definition.fileFields ?? []).map(
      (field) => [field, { contentType: 'application/octet-stream' }],
    )) };
  }
  return { required: true, content };
}

function operationOf(definition: EndpointDefinition, requests: NamedSchemas, responses: NamedSchemas): JsonObject {
  const responseRef = ref(responses.get(definition.response)!);
  const success: Record<string, JsonObject> = {};
  for (const status of successStatuses(definition)) {
    success[String(status)] = { description: definition.summary, content: jsonContent(responseRef) };
  }
  const requestBody = requestBodyOf(definition, requests);
  return {
    operationId: definition.id,
    summary: definition.summary,
    tags: [definition.id.split('.')[0]],
    parameters: [...parametersOf(definition.pathParams, 'path'), ...parametersOf(definition.query, 'query')],
    ...(requestBody ? { requestBody } : {}),
    responses: { ...success, ...errorResponses(definition) },
  };
}

/**
 * Two registry entries on one method and path (the runs list and the one-run read) become one operation whose
 * query parameters are optional unless both require them and whose success body is either response.
 */
function mergeOperations(existing: JsonObject, added: JsonObject): JsonObject {
  const params = new Map<string, JsonObject>();
  const addedParams = added.parameters as JsonObject[];
  const existingParams = existing.parameters as JsonObject[];
  for (const parameter of [...existingParams, ...addedParams]) {
    const key = `${String(parameter.in)}:${String(parameter.name)}`;
    const inBoth = existingParams.some((p) => p.name === parameter.name && p.in === parameter.in) &&
      addedParams.some((p) => p.name === parameter.name && p.in === parameter.in);
    params.set(key, { ...parameter, required: parameter.in === 'path' || (inBoth && parameter.required === true) });
  }
  const responses: Record<string, JsonObject> = { ...(existing.responses as Record<string, JsonObject>) };
  for (const [status, response] of Object.entries(added.responses as Record<string, JsonObject>)) {
    const previous = responses[status];
    if (!previous || JSON.stringify(previous) === JSON.stringify(response)) {
      responses[status] = response;
      continue;
    }
    const schemaOf = (r: JsonObject) => ((r.content as JsonObject)['application/json'] as JsonObject).schema as JsonObject;
    const previousSchema = schemaOf(previous);
    const alternatives = Array.isArray(previousSchema.oneOf) ? previousSchema.oneOf as JsonObject[] : [previousSchema];
    const addedSchema = schemaOf(response);
    if (!alternatives.some((s) => JSON.stringify(s) === JSON.stringify(addedSchema))) alternatives.push(addedSchema);
    responses[status] = {
      description: `${String(previous.description)} / ${String(response.description)}`,
      content: jsonContent(alternatives.length === 1 ? alternatives[0]! : { oneOf: alternatives }),
    };
  }
  const ids = [...((existing['x-registry-ids'] as string[] | undefined) ?? [existing.operationId as string]), added.operationId as string];
  return {
    ...existing,
    summary: `${String(existing.summary)} / ${String(added.summary)}`,
    parameters: [...params.values()],
    responses,
    'x-registry-ids': ids,
  };
}

/**
 * The OpenAPI 3.1 document of the platform API, generated from the endpoint registry and its zod schemas.
 *
 * @example
 * const document = buildOpenApiDocument({ serverUrl: 'http://127.0.0.1:4010/api' });
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}): JsonObject {
  const { requests, responses } = collectSchemas();
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const definition of ENDPOINT_LIST) {
    const operation = operationOf(definition, requests, responses);
    const item = (paths[definition.path] ??= {});
    const method = definition.method.toLowerCase();
    const existing = item[method];
    item[method] = existing ? mergeOperations(existing, operation) : operation;
  }
  const servers = options.serverUrl !== undefined
    ? [{ url: options.serverUrl }]
    : [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010/api', description: 'API root including /api' } } }];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voice and Chat Assistant Platform API',
      version: options.version ?? '0.1.0',
      description: 'Generated from the zod schemas of @voice-session/api. Field names are snake_case as on the wire.',
    },
    servers,
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key or a session token.' },
      },
      schemas: { ...toComponents(responses, 'output'), ...toComponents(requests, 'input') },
    },
  };
}
