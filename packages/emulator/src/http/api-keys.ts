/**
 * API keys: create (the token is shown once) and list (metadata only).
 */
import { Router } from 'express';
import { ENDPOINTS } from '@voice-session/api/schemas';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { bodySchemaOf, route, successStatusOf } from './endpoint.js';
import { bodyOf, iso, reply } from './respond.js';
import { parseOr422 } from './validation.js';

function router(ctx: RouterContext): Router {
  const r = Router();
  const accounts = ctx.state.accounts;
  route(r, 'apiKeys.create', requireAuth(ctx), (req, res) => {
    const input = parseOr422(bodySchemaOf('apiKeys.create'), bodyOf(req), res);
    if (!input) return;
    const key = accounts.createApiKey(currentUser(req).id, input.name);
    reply(res, successStatusOf('apiKeys.create'), ENDPOINTS['apiKeys.create'].response, {
      message: 'API key created successfully.',
      api_key: { name: key.name, token: key.token, created_at: iso(key.createdAt) },
    });
  });
  route(r, 'apiKeys.list', requireAuth(ctx), (req, res) => {
    const keys = accounts.apiKeysOf(currentUser(req).id);
    reply(res, successStatusOf('apiKeys.list'), ENDPOINTS['apiKeys.list'].response, {
      api_keys: keys.map((k) => ({
        id: k.id,
        name: k.name,
        last_used_at: k.lastUsedAt === null ? null : iso(k.lastUsedAt),
        created_at: iso(k.createdAt),
      })),
    });
  });
  return r;
}

/** The API keys area. */
export const apiKeysArea: ApiArea = { name: 'api-keys', router };
