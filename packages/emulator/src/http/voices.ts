/**
 * The voices list: public voices and the account's own, every filter; a bare JSON array.
 */
import { Router } from 'express';
import type { VoicesState } from '../state/voices.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { querySchemaOf, responseSchemaOf, route, successStatusOf } from './endpoint.js';
import { queryOf, reply } from './respond.js';
import { parseOr422 } from './validation.js';

function router(ctx: RouterContext): Router {
  const r = Router();
  route(r, 'voices.list', requireAuth(ctx), (req, res) => {
    const query = parseOr422(querySchemaOf('voices.list'), queryOf(req), res);
    if (!query) return;
    const voices = ctx.state.area<VoicesState>('voices').list(currentUser(req).accountId, query);
    reply(
      res,
      successStatusOf('voices.list'),
      responseSchemaOf('voices.list'),
      voices.map((v) => ({
        id: v.id,
        name: v.name,
        language_id: v.language_id,
        gender: v.gender,
        preview_url: `${ctx.urls().origin}/_emulator/voices/${v.id}/preview.wav`,
        accent: v.accent,
        age: v.age,
        synthesizer_provider_id: v.synthesizer_provider_id,
      })),
    );
  });
  return r;
}

/** The voices area. */
export const voicesArea: ApiArea = { name: 'voices', router };
