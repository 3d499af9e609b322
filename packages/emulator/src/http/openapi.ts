/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the api package's schemas,
 * with this emulator as its server. Public, like any API description.
 */
import { Router } from 'express';
import { buildOpenApiDocument } from '@voice-session/api/schemas';
import type { ApiArea } from './app.js';
import type { RouterContext } from './context.js';

function router(ctx: RouterContext): Router {
  const r = Router();
  let cached: { serverUrl: string; doc: unknown } | undefined;
  r.get('/openapi.json', (_req, res) => {
    const serverUrl = ctx.urls().baseUrl;
    if (!cached || cached.serverUrl !== serverUrl) cached = { serverUrl, doc: buildOpenApiDocument({ serverUrl }) };
    res.json(cached.doc);
  });
  return r;
}

/** The OpenAPI document route. */
export const openApiArea: ApiArea = { name: 'openapi', router };
