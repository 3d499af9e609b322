/**
 * The folders list with page-number pagination.
 */
import { Router } from 'express';
import type { FoldersState } from '../state/folders.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { querySchemaOf, responseSchemaOf, route, successStatusOf } from './endpoint.js';
import { queryOf, reply } from './respond.js';
import { parseOr422 } from './validation.js';

function router(ctx: RouterContext): Router {
  const r = Router();
  route(r, 'folders.list', requireAuth(ctx), (req, res) => {
    const query = parseOr422(querySchemaOf('folders.list'), queryOf(req), res);
    if (!query) return;
    const { data, total } = ctx.state.area<FoldersState>('folders').page(currentUser(req).accountId, query.page, query.per_page);
    reply(res, successStatusOf('folders.list'), responseSchemaOf('folders.list'), {
      data: data.map((f) => ({ id: f.id, name: f.name, color: f.color, assistants_count: f.assistants_count })),
      current_page: query.page,
      per_page: query.per_page,
      total,
    });
  });
  return r;
}

/** The folders area. */
export const foldersArea: ApiArea = { name: 'folders', router };
