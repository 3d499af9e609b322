/**
 * Control routes over accounts and assistants: set a balance, block an assistant.
 */
import { Router } from 'express';
import type { ControlArea } from '../http/app.js';
import type { RouterContext } from '../http/context.js';
import { bodyOf } from '../http/respond.js';
import { isAccountRole } from '../state/model.js';
import type { WhiteLabelState } from '../state/white-label.js';

function router(ctx: RouterContext): Router {
  const r = Router();

  r.post('/accounts/:role/balance', (req, res) => {
    const role = String(req.params.role);
    if (!isAccountRole(role)) {
      res.status(404).json({ message: 'Unknown account role.' });
      return;
    }
    const body = bodyOf(req);
    const errors: Record<string, string[]> = {};
    for (const field of ['minutes', 'usd'] as const) {
      const v = body[field];
      if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v))) errors[field] = [`The ${field} field must be a number.`];
    }
    if (body.minutes === undefined && body.usd === undefined) errors.minutes = ['The minutes field is required when usd is not present.'];
    if (Object.keys(errors).length > 0) {
      res.status(422).json({ message: 'The given data was invalid.', errors });
      return;
    }
    const account = ctx.state.accounts.accountOf(ctx.state.accounts.userByRole(role));
    if (typeof body.minutes === 'number') account.balance.minutes = body.minutes;
    if (typeof body.usd === 'number') account.balance.usd = body.usd;
    // A topped-up owner may now cover renewals that were waiting.
    ctx.state.area<WhiteLabelState>('white-label').retryPending(account.id);
    res.json({ account_id: account.id, balance: { ...account.balance } });
  });

  r.post('/assistants/:uuid/blocked', (req, res) => {
    const assistant = ctx.state.accounts.anyAssistantByUuid(String(req.params.uuid));
    if (!assistant) {
      res.status(404).json({ message: 'Assistant not found' });
      return;
    }
    const blocked = bodyOf(req).blocked;
    if (typeof blocked !== 'boolean') {
      res.status(422).json({ message: 'The blocked field must be true or false.', errors: { blocked: ['The blocked field must be true or false.'] } });
      return;
    }
    assistant.blocked = blocked;
    res.json({ id: assistant.id, uuid: assistant.uuid, blocked });
  });

  r.get('/assistants/:uuid', (req, res) => {
    const a = ctx.state.accounts.anyAssistantByUuid(String(req.params.uuid));
    if (!a) {
      res.status(404).json({ message: 'Assistant not found' });
      return;
    }
    res.json({
      id: a.id,
      uuid: a.uuid,
      account_id: a.accountId,
      name: a.name,
      blocked: a.blocked,
      folder_id: a.folderId,
      inbound_webhook_enabled: a.inboundWebhookEnabled,
      conversation_ended_webhook_url: a.conversationEndedWebhookUrl,
    });
  });
  return r;
}

/** Balances and assistant blocks. */
export const accountsControl: ControlArea = { name: 'accounts', router };
