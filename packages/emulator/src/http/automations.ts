/**
 * Automations: apply a template, read an automation (masked unless unmasked), list and read runs,
 * retry a failed run; plus the control-side route that serves each webhook automation's
 * `webhook_url` (`/_emulator/hooks/automations/:id`), which runs the automation.
 */
import { Router, type Request, type Response } from 'express';
import { AutomationRunsQueryParams, ENDPOINTS } from '@voice-session/api/schemas';
import type { AutomationRecord, AutomationsState } from '../state/automations/automations-state.js';
import { maskCredentials } from '../state/automations/masking.js';
import type { RunRecord } from '../state/automations/run-engine.js';
import type { ApiArea, ControlArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { bodySchemaOf, querySchemaOf, route, successStatusOf } from './endpoint.js';
import { bodyOf, iso, queryOf, reply } from './respond.js';
import { parseOr422 } from './validation.js';

/** Path of a webhook automation's trigger URL, below the emulator's origin. */
export const AUTOMATION_HOOK_PATH = '/_emulator/hooks/automations';

const NOT_FOUND = { message: 'Automation not found' } as const;

function runWire(run: RunRecord, now: number): Record<string, unknown> {
  return {
    id: run.id,
    status: run.status,
    start_time: iso(run.startTime),
    duration_ms: Math.max(0, Math.round((run.endTime ?? now) - run.startTime)),
  };
}

function automationWire(a: AutomationRecord, unmask: boolean): Record<string, unknown> {
  return {
    id: a.id,
    name: a.name,
    status: a.enabled ? 'enabled' : 'disabled',
    updated_at: iso(a.updatedAt),
    definition: unmask ? structuredClone(a.definition) : maskCredentials(a.definition),
    binding: a.binding ? { type: a.binding.type, assistant_id: a.binding.assistantId, assistant_name: a.binding.assistantName } : null,
  };
}

function originOf(ctx: RouterContext, req: Request): string {
  return ctx.urls().origin || `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;
}

function router(ctx: RouterContext): Router {
  const r = Router();
  const automations = (): AutomationsState => ctx.state.area<AutomationsState>('automations');

  route(r, 'automations.applyTemplate', requireAuth(ctx), async (req: Request, res: Response) => {
    const input = parseOr422(bodySchemaOf('automations.applyTemplate'), bodyOf(req), res);
    if (!input) return;
    const origin = originOf(ctx, req);
    const result = await automations().applyTemplate(currentUser(req).accountId, String(req.params['key'] ?? ''), input, (id) => `${origin}${AUTOMATION_HOOK_PATH}/${encodeURIComponent(id)}`);
    if (!result.ok) {
      res.status(result.httpStatus).json(result.body);
      return;
    }
    reply(res, result.httpStatus, ENDPOINTS['automations.applyTemplate'].response, result.envelope);
  });

  route(r, 'automations.get', requireAuth(ctx), (req: Request, res: Response) => {
    const query = parseOr422(querySchemaOf('automations.get'), queryOf(req), res);
    if (!query) return;
    const automation = automations().get(currentUser(req).accountId, String(req.params['id'] ?? ''));
    if (!automation) {
      res.status(404).json(NOT_FOUND);
      return;
    }
    reply(res, successStatusOf('automations.get'), ENDPOINTS['automations.get'].response, { data: automationWire(automation, query.unmask === true) });
  });

  // One route serves both registry entries: the list, and one run when `run_id` is given.
  route(r, 'automations.listRuns', requireAuth(ctx), (req: Request, res: Response) => {
    const query = parseOr422(AutomationRunsQueryParams, queryOf(req), res);
    if (!query) return;
    const state = automations();
    const automation = state.get(currentUser(req).accountId, String(req.params['id'] ?? ''));
    if (!automation) {
      res.status(404).json(NOT_FOUND);
      return;
    }
    const now = ctx.clock.now();
    if (query.run_id !== undefined) {
      const run = state.getRun(automation, query.run_id);
      if (!run) {
        res.status(404).json({ message: 'Run not found for this automation' });
        return;
      }
      reply(res, successStatusOf('automations.getRun'), ENDPOINTS['automations.getRun'].response, { run: { ...runWire(run, now), steps: run.steps.map((s) => ({ ...s })) } });
      return;
    }
    reply(res, successStatusOf('automations.listRuns'), ENDPOINTS['automations.listRuns'].response, { runs: state.listRuns(automation, query.limit).map((run) => runWire(run, now)) });
  });

  route(r, 'automations.retryRun', requireAuth(ctx), async (req: Request, res: Response) => {
    const result = await automations().retry(currentUser(req).accountId, String(req.params['id'] ?? ''), String(req.params['run_id'] ?? ''));
    if (!result.ok) {
      res.status(result.httpStatus).json(result.body);
      return;
    }
    reply(res, successStatusOf('automations.retryRun'), ENDPOINTS['automations.retryRun'].response, result.body);
  });
  return r;
}

function hooksRouter(ctx: RouterContext): Router {
  const r = Router();
  // Any method: senders of webhooks use POST mostly, but GET pings are common too.
  r.all(`${AUTOMATION_HOOK_PATH.replace('/_emulator', '')}/:id`, async (req: Request, res: Response) => {
    const state = ctx.state.area<AutomationsState>('automations');
    const automation = state.webhookTarget(String(req.params['id'] ?? ''));
    if (!automation) {
      res.status(404).json(NOT_FOUND);
      return;
    }
    if (!automation.enabled) {
      res.status(409).json({ message: 'Automation is disabled' });
      return;
    }
    const run = await state.trigger(automation, { body: req.body ?? {}, headers: { 'content-type': req.get('content-type') ?? null }, query: queryOf(req), method: req.method });
    res.status(200).json({ run_id: run.id, status: run.status });
  });
  return r;
}

/** The automations area. */
export const automationsArea: ApiArea = { name: 'automations', router };

/** Serves webhook automations' `webhook_url`s under `/_emulator/hooks/automations/:id`. */
export const automationHooksControl: ControlArea = { name: 'automation-hooks', router: hooksRouter };
