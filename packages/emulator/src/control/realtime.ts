/**
 * Control routes over realtime sessions: join (what the media endpoint does when a browser connects),
 * end, and list sessions with their call-history rows.
 */
import { Router } from 'express';
import type { ControlArea } from '../http/app.js';
import type { RouterContext } from '../http/context.js';
import { bodyOf, iso } from '../http/respond.js';
import { isAccountRole } from '../state/model.js';
import type { RealtimeSessionRecord, RealtimeState } from '../state/realtime.js';

function sessionJson(state: RealtimeState, s: RealtimeSessionRecord): Record<string, unknown> {
  return {
    id: s.id,
    account_id: s.accountId,
    user_id: s.userId,
    assistant_id: s.assistantId,
    assistant_uuid: s.assistantUuid,
    status: state.holdsSlot(s) || s.status !== 'unused' ? s.status : 'expired',
    holds_slot: state.holdsSlot(s),
    variables: s.variables,
    external_identifier: s.externalIdentifier,
    created_at: iso(s.createdAt),
    expires_at: iso(s.expiresAt),
    started_at: s.startedAt === null ? null : iso(s.startedAt),
    ended_at: s.endedAt === null ? null : iso(s.endedAt),
  };
}

function router(ctx: RouterContext): Router {
  const r = Router();
  const realtime = (): RealtimeState => ctx.state.area<RealtimeState>('realtime');

  r.get('/realtime/sessions', (_req, res) => {
    const state = realtime();
    res.json({
      data: [...state.sessions.values()].map((s) => sessionJson(state, s)),
      calls: state.calls.map((c) => ({
        id: c.id,
        session_id: c.sessionId,
        account_id: c.accountId,
        assistant_id: c.assistantId,
        started_at: iso(c.startedAt),
        ended_at: c.endedAt === null ? null : iso(c.endedAt),
      })),
    });
  });

  // Website-widget voice calls happen outside this API; tests set how many are in progress per account.
  r.post('/accounts/:role/widget-sessions', (req, res) => {
    const role = String(req.params.role);
    if (!isAccountRole(role)) {
      res.status(404).json({ message: 'Unknown account role.' });
      return;
    }
    const count = bodyOf(req).count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      res.status(422).json({ message: 'The count field must be a non-negative integer.', errors: { count: ['The count field must be a non-negative integer.'] } });
      return;
    }
    const accountId = ctx.state.accounts.userByRole(role).accountId;
    realtime().widgetSessions.set(accountId, count);
    res.json({ account_id: accountId, widget_sessions: count, active: realtime().activeCount(accountId) });
  });

  r.post('/realtime/:sessionId/connect', (req, res) => {
    const state = realtime();
    const result = state.admit(String(req.params.sessionId));
    if (!result.ok) {
      const status = result.reason === 'unknown_session' ? 404 : 409;
      res.status(status).json({ message: `The session cannot be joined: ${result.reason}.`, reason: result.reason });
      return;
    }
    res.json({ data: sessionJson(state, result.session) });
  });

  r.post('/realtime/:sessionId/end', (req, res) => {
    const id = String(req.params.sessionId);
    const state = realtime();
    const session = state.sessions.get(id);
    if (!session) {
      res.status(404).json({ message: 'Session not found.' });
      return;
    }
    // With a media endpoint the room is closed there (its `ended` hook frees the slot); otherwise end here.
    const endedByMedia = ctx.media()?.endRoom(id, 'server') ?? false;
    if (!endedByMedia || session.status !== 'ended') state.end(id);
    res.json({ data: sessionJson(state, session), ended_by_media: endedByMedia });
  });
  return r;
}

/** Realtime session control. */
export const realtimeControl: ControlArea = { name: 'realtime', router };
