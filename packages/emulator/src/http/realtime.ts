/**
 * Realtime sessions: the checks in the platform's order (auth, creation rate, validation, assistant,
 * compliance block, balance, concurrency, injected fault), then a LiveKit-format HS256 token.
 */
import { Router, type Request, type Response } from 'express';
import { SignJWT } from 'jose';
import { ENDPOINTS } from '@voice-session/api/schemas';
import type { FaultsState } from '../state/faults.js';
import { REALTIME_LIMITS, type RealtimeState } from '../state/realtime.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { bodySchemaOf, route, successStatusOf } from './endpoint.js';
import { bodyOf, reply } from './respond.js';
import { validationBody } from './validation.js';

function fail(res: Response, status: number, error: string, code?: string): void {
  res.status(status).json(code ? { success: false, error, error_code: code } : { success: false, error });
}

/** Sign the session's claims with the emulator secret (HS256, LiveKit's access-token format). */
export async function signRealtimeToken(ctx: RouterContext, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(ctx.tokenSecret));
}

function router(ctx: RouterContext): Router {
  const r = Router();
  const realtime = (): RealtimeState => ctx.state.area<RealtimeState>('realtime');
  const schema = bodySchemaOf('realtime.createSession');

  route(
    r,
    'realtime.createSession',
    requireAuth(ctx, { success: false, error: 'Unauthenticated.' }),
    async (req: Request, res: Response) => {
      const user = currentUser(req);
      const state = realtime();
      const rate = state.creations.hit(`user:${user.id}`);
      if (!rate.allowed) {
        res.setHeader('Retry-After', String(rate.retryAfterSeconds));
        fail(res, 429, 'Too many session requests. Please wait a minute and try again.');
        return;
      }
      const body = bodyOf(req);
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const v = validationBody(parsed.error.issues, body);
        res.status(422).json({ success: false, error: v.message, message: v.message, errors: v.errors });
        return;
      }
      const input = parsed.data;
      const assistant = ctx.state.accounts.assistantByUuid(user.accountId, input.assistant_id);
      if (!assistant) return fail(res, 404, 'Assistant not found.', 'ASSISTANT_NOT_FOUND');
      if (assistant.blocked) {
        return fail(res, 403, 'This assistant is temporarily unavailable while under compliance review.', 'ASSISTANT_BLOCKED');
      }
      const account = ctx.state.accounts.accountOf(user);
      if (account.balance.minutes <= 0) {
        return fail(res, 402, 'Insufficient balance to start a voice session. Please top up your minutes.', 'INSUFFICIENT_BALANCE');
      }
      if (state.activeCount(user.accountId) >= REALTIME_LIMITS.concurrentPerAccount) {
        return fail(res, 429, 'Concurrent session limit reached. End a session or wait for unused tokens to expire.', 'CONCURRENT_LIMIT');
      }
      if (ctx.state.area<FaultsState>('faults').current.realtime === 'connection_failed') {
        return fail(res, 503, 'The session could not be created. Please retry shortly.', 'CONNECTION_FAILED');
      }
      const variables: Record<string, unknown> = { ...(input.variables ?? {}) };
      if (input.external_identifier !== undefined && !('external_identifier' in variables)) {
        variables.external_identifier = input.external_identifier;
      }
      // Reserve the slot before the first await so parallel requests cannot overshoot the cap.
      const session = state.create({
        accountId: user.accountId,
        userId: user.id,
        assistantId: assistant.id,
        assistantUuid: assistant.uuid,
        variables,
        externalIdentifier: input.external_identifier ?? null,
      });
      const token = await signRealtimeToken(ctx, { ...state.claimsOf(session) });
      reply(res, successStatusOf('realtime.createSession'), ENDPOINTS['realtime.createSession'].response, {
        id: session.id,
        url: ctx.urls().mediaUrl,
        token,
        expires_in: REALTIME_LIMITS.tokenSeconds,
      });
    },
  );
  return r;
}

/** The realtime area. */
export const realtimeArea: ApiArea = { name: 'realtime', router };
