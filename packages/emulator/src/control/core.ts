/**
 * Control routes for the whole emulator: move the clock, restore the seed, read the seeded fixtures
 * and the webhook deliveries, inject faults.
 */
import { Router } from 'express';
import type { ControlArea } from '../http/app.js';
import type { RouterContext } from '../http/context.js';
import { bodyOf, iso } from '../http/respond.js';
import { FAULT_VALUES, type Faults, type FaultsState } from '../state/faults.js';
import { ACCOUNT_ROLES } from '../state/model.js';

function router(ctx: RouterContext): Router {
  const r = Router();

  r.post('/clock/advance', (req, res) => {
    const seconds = bodyOf(req).seconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
      res.status(422).json({ message: 'seconds must be a non-negative number.', errors: { seconds: ['The seconds field must be a non-negative number.'] } });
      return;
    }
    ctx.clock.advance(seconds);
    res.json({ now: iso(ctx.clock.now()) });
  });

  r.get('/clock', (_req, res) => {
    res.json({ now: iso(ctx.clock.now()) });
  });

  r.post('/reset', (_req, res) => {
    ctx.state.reset();
    res.json({ reset: true, now: iso(ctx.clock.now()) });
  });

  r.get('/seed', (_req, res) => {
    const out: Record<string, unknown> = {};
    for (const role of ACCOUNT_ROLES) out[role] = ctx.state.fixtures(role);
    res.json(out);
  });

  r.get('/webhooks', (_req, res) => {
    res.json({
      data: ctx.state.webhooks.list().map((d) => ({ ...d, sent_at: iso(d.sentAt), sentAt: undefined })),
    });
  });

  r.post('/faults', (req, res) => {
    const body = bodyOf(req);
    const faults = ctx.state.area<FaultsState>('faults');
    const next: Faults = { ...faults.current };
    const errors: Record<string, string[]> = {};
    for (const key of Object.keys(FAULT_VALUES) as Array<keyof Faults>) {
      if (!(key in body)) continue;
      const value = body[key];
      if (value === null || (FAULT_VALUES[key] as readonly unknown[]).includes(value)) (next as unknown as Record<string, unknown>)[key] = value;
      else errors[key] = [`The ${key} fault must be null or one of: ${FAULT_VALUES[key].join(', ')}.`];
    }
    if (Object.keys(errors).length > 0) {
      res.status(422).json({ message: 'The given data was invalid.', errors });
      return;
    }
    faults.current = next;
    res.json({ faults: next });
  });
  return r;
}

/** Clock, reset, seed, webhooks and faults. */
export const coreControl: ControlArea = { name: 'core', router };
