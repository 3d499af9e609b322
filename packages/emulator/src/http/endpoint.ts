/**
 * Routes declared from the api package's endpoint registry: method, path and success status come from
 * `ENDPOINTS`, so a router cannot serve a path or status the contract does not name.
 */
import type { RequestHandler, Router } from 'express';
import { ENDPOINTS, type EndpointId } from '@voice-session/api/schemas';

/** `/user/knowledgebases/{knowledgebaseId}/documents` → `/user/knowledgebases/:knowledgebaseId/documents`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The status the emulator answers an endpoint's success with (the registry's first). */
export function successStatusOf(id: EndpointId): number {
  const s: number | readonly number[] = ENDPOINTS[id].successStatus;
  return typeof s === 'number' ? s : (s[0] ?? 200);
}

/** Register `handlers` on `router` for the registry entry `id`. */
export function route(router: Router, id: EndpointId, ...handlers: RequestHandler[]): void {
  const def = ENDPOINTS[id];
  const path = expressPath(def.path);
  if (def.method === 'GET') router.get(path, ...handlers);
  else router.post(path, ...handlers);
}

type Endpoints = typeof ENDPOINTS;
type BodyOf<Id extends EndpointId> = Endpoints[Id] extends { readonly body?: infer B } ? NonNullable<B> : never;
type QueryOf<Id extends EndpointId> = Endpoints[Id] extends { readonly query?: infer Q } ? NonNullable<Q> : never;

/** The request body schema of an endpoint (a wiring error when it has none). */
export function bodySchemaOf<Id extends EndpointId>(id: Id): BodyOf<Id> {
  const schema = (ENDPOINTS[id] as { body?: unknown }).body;
  if (!schema) throw new Error(`endpoint ${id} has no body schema`);
  return schema as BodyOf<Id>;
}

/** The query schema of an endpoint (a wiring error when it has none). */
export function querySchemaOf<Id extends EndpointId>(id: Id): QueryOf<Id> {
  const schema = (ENDPOINTS[id] as { query?: unknown }).query;
  if (!schema) throw new Error(`endpoint ${id} has no query schema`);
  return schema as QueryOf<Id>;
}

/** The response schema of an endpoint. */
export function responseSchemaOf<Id extends EndpointId>(id: Id): Endpoints[Id]['response'] {
  return ENDPOINTS[id].response;
}

/** The methods the registry serves at a request path (empty when the path is not the registry's). */
function allowedMethods(path: string): string[] {
  const allowed = new Set<string>();
  for (const def of Object.values(ENDPOINTS)) {
    const pattern = new RegExp(`^${def.path.replace(/\{\w+\}/g, '[^/]+')}/?$`);
    if (pattern.test(path)) allowed.add(def.method);
  }
  return [...allowed].sort();
}

/**
 * `OPTIONS` on a registry path: 204 with `Allow`, instead of Express's automatic text/plain answer
 * (other paths fall through to the 404 handler). Mounted before the area routers.
 */
export const optionsAnswer: RequestHandler = (req, res, next) => {
  if (req.method !== 'OPTIONS') return next();
  const methods = allowedMethods(req.path);
  if (methods.length === 0) return next();
  res.setHeader('Allow', [...methods, 'HEAD', 'OPTIONS'].join(', '));
  res.status(204).end();
};

/**
 * 405 for a path of the registry asked with a method it does not serve, worded as Laravel words it
 * (other unknown paths fall through to the 404 handler).
 */
export const methodNotAllowed: RequestHandler = (req, res, next) => {
  const methods = allowedMethods(req.path);
  if (methods.length === 0 || methods.includes(req.method === 'HEAD' ? 'GET' : req.method)) return next();
  res.setHeader('Allow', methods.join(', '));
  res.status(405).json({
    message: `The ${req.method} method is not supported for route ${req.path.replace(/^\//, '')}. Supported methods: ${methods.join(', ')}.`,
  });
};
