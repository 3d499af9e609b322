/**
 * Mid-call tools: validation by the contract, then the plan's limit on the number of tools.
 */
import { Router } from 'express';
import type { ToolsState } from '../state/tools.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { bodySchemaOf, responseSchemaOf, route, successStatusOf } from './endpoint.js';
import { bodyOf, iso, reply } from './respond.js';
import { parseOr422 } from './validation.js';

function router(ctx: RouterContext): Router {
  const r = Router();
  route(r, 'tools.create', requireAuth(ctx), (req, res) => {
    const user = currentUser(req);
    const input = parseOr422(bodySchemaOf('tools.create'), bodyOf(req), res);
    if (!input) return;
    const tools = ctx.state.area<ToolsState>('tools');
    if (tools.of(user.accountId).length >= tools.limitOf(user.accountId)) {
      res.status(403).json({
        message: `Your plan allows at most ${tools.limitOf(user.accountId)} mid-call tools. Upgrade your plan to add more.`,
      });
      return;
    }
    const tool = tools.create({
      accountId: user.accountId,
      name: input.name,
      description: input.description,
      type: 'http',
      endpoint: input.endpoint,
      method: input.method,
      body_format: input.body_format,
      timeout: input.timeout,
      headers: input.headers ?? [],
      static_fields: input.static_fields ?? [],
      schema: (input.schema ?? []).map((p) => ({ name: p.name, type: p.type, description: p.description, required: p.required })),
    });
    const { accountId: _a, createdAt, updatedAt, ...wire } = tool;
    reply(res, successStatusOf('tools.create'), responseSchemaOf('tools.create'), {
      message: 'Tool created successfully.',
      data: { ...wire, created_at: iso(createdAt), updated_at: iso(updatedAt) },
    });
  });
  return r;
}

/** The mid-call tools area. */
export const toolsArea: ApiArea = { name: 'tools', router };
