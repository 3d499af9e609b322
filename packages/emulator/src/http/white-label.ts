/**
 * White-label plans and user plans: authentication, the shared 60 requests/minute/account limit,
 * then the administrator and Billing Access checks, in the platform's order.
 */
import { Router, type RequestHandler } from 'express';
import { ENDPOINTS } from '@voice-session/api/schemas';
import { WHITE_LABEL_REQUESTS_PER_MINUTE, type WhiteLabelState } from '../state/white-label.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { responseSchemaOf, route, successStatusOf } from './endpoint.js';
import { reply } from './respond.js';


function router(ctx: RouterContext): Router {
  const r = Router();
  const wl = (): WhiteLabelState => ctx.state.area<WhiteLabelState>('white-label');

  const throttle: RequestHandler = (req, res, next) => {
    const user = currentUser(req);
    const decision = wl().requests.hit(`account:${user.accountId}`);
    res.setHeader('X-RateLimit-Limit', String(WHITE_LABEL_REQUESTS_PER_MINUTE));
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.retryAfterSeconds));
      res.setHeader('X-RateLimit-Remaining', '0');
      res.status(429).json({ message: 'Too Many Attempts.' });
      return;
    }
    next();
  };

  const administrator: RequestHandler = (req, res, next) => {
    const user = currentUser(req);
    const account = ctx.state.accounts.accountOf(user);
    if (!account.whiteLabelOwner) {
      res.status(403).json({ message: 'You are not an administrator.' });
      return;
    }
    if (!user.billingAccess) {
      res.status(403).json({ message: 'You do not have access to these settings.' });
      return;
    }
    next();
  };

  const guard = [requireAuth(ctx), throttle, administrator];

  route(r, 'whiteLabel.listPlans', ...guard, (req, res) => {
    const user = currentUser(req);
    const state = wl();
    reply(res, successStatusOf('whiteLabel.listPlans'), responseSchemaOf('whiteLabel.listPlans'), {
      currency: 'USD',
      data: state.plansOf(user.accountId).map((p) => state.planJson(p)),
    });
  });

  route(r, 'whiteLabel.getUserPlan', ...guard, (req, res) => {
    const user = currentUser(req);
    const params = ENDPOINTS['whiteLabel.getUserPlan'].pathParams.safeParse(req.params);
    const target = params.success ? wl().user(user.accountId, params.data.id) : undefined;
    if (!target) {
      res.status(404).json({ message: 'User not found.' });
      return;
    }
    reply(res, successStatusOf('whiteLabel.getUserPlan'), responseSchemaOf('whiteLabel.getUserPlan'), {
      data: target.plan ? wl().userPlanJson(target.plan) : null,
    });
  });
  return r;
}

/** The white-label area. */
export const whiteLabelArea: ApiArea = { name: 'white-label', router };
