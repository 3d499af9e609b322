/**
 * What each step of a definition does when it runs, keyed by `pieceName:actionName`. Every action
 * really acts: HTTP requests go out over the network, sheet rows and messages are recorded in the
 * account's connected apps, delays park the run on the emulator clock.
 */
import { AUTOMATION_STEP_CLASSIFICATIONS, E164_PATTERN } from '@voice-session/api/schemas';

/** Classification of a step outcome (wire values). */
export type StepClassification = (typeof AUTOMATION_STEP_CLASSIFICATIONS)[number];

/** An app connection of an account (spreadsheet app, calendar, CRM…), possibly broken. */
export interface ConnectionRecord {
  key: string;
  status: 'connected' | 'broken';
  /** Resources a template parameter may reference, by kind. */
  resources: Record<string, Array<{ id: string; name: string }>>;
}

/** Something an automation did outside itself (an email, a chat-app message, a sheet row). */
export interface SideEffect {
  runId: string;
  step: string;
  kind: 'email' | 'chatapp_message' | 'sheet_row' | 'http_request';
  detail: Record<string, unknown>;
  at: number;
}

/** What a step action may use. */
export interface ActionContext {
  runId: string;
  step: string;
  now(): number;
  connection(key: string): ConnectionRecord | undefined;
  record(effect: Omit<SideEffect, 'runId' | 'step' | 'at'>): void;
}

/** Result of running one step. */
export type ActionOutcome =
  | { kind: 'ok'; output: unknown }
  | { kind: 'delay'; until: number }
  | { kind: 'fail'; classification: Exclude<StepClassification, 'ok' | 'paused_at_delay'>; error: string };

type Action = (input: Record<string, unknown>, ctx: ActionContext) => Promise<ActionOutcome> | ActionOutcome;

/** Real outbound HTTP calls give up after this long. */
const HTTP_TIMEOUT_MS = 5000;

const actions: Record<string, Action> = {
  'piece-data-mapper:map': (input) => ({ kind: 'ok', output: input['values'] ?? {} }),

  'piece-delay:delay_for': (input, ctx) => {
    const minutes = Number(input['minutes']);
    if (!Number.isFinite(minutes) || minutes < 0) return { kind: 'fail', classification: 'wiring_error', error: 'Delay minutes must be a non-negative number' };
    return { kind: 'delay', until: ctx.now() + minutes * 60_000 };
  },

  'piece-http:send_request': async (input, ctx) => {
    const url = String(input['url'] ?? '');
    const method = String(input['method'] ?? 'POST').toUpperCase();
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { kind: 'fail', classification: 'wiring_error', error: `Invalid URL: ${url}` };
    }
    const headers = { 'content-type': 'application/json', ...stringRecord(input['headers']) };
    let response: Response;
    try {
      response = await fetch(parsed, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(input['body'] ?? {}),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      return { kind: 'fail', classification: 'wiring_error', error: `${method} ${parsed.origin}${parsed.pathname} ${reason}` };
    }
    const text = await response.text();
    ctx.record({ kind: 'http_request', detail: { method, url: parsed.href, status: response.status } });
    if (!response.ok) {
      // 404 means the target record is gone; 401/403 means the credentials no longer work.
      const classification = response.status === 404 ? 'missing_record' : response.status === 401 || response.status === 403 ? 'missing_connection' : 'wiring_error';
      return { kind: 'fail', classification, error: `${method} ${parsed.origin}${parsed.pathname} answered HTTP ${response.status}` };
    }
    return { kind: 'ok', output: { status: response.status, body: parseMaybeJson(text) } };
  },

  'piece-sheets:append_row': (input, ctx) => {
    const connection = ctx.connection('sheets');
    if (!connection || connection.status !== 'connected') return { kind: 'fail', classification: 'missing_connection', error: 'The spreadsheet connection is missing or needs reconnecting' };
    const spreadsheetId = String(input['spreadsheet_id'] ?? '');
    if (!connection.resources['spreadsheets']?.some((s) => s.id === spreadsheetId)) {
      return { kind: 'fail', classification: 'missing_record', error: `Spreadsheet ${spreadsheetId} does not exist` };
    }
    ctx.record({ kind: 'sheet_row', detail: { spreadsheet_id: spreadsheetId, worksheet: input['worksheet'], values: input['values'] } });
    return { kind: 'ok', output: { spreadsheet_id: spreadsheetId, appended: true } };
  },

  'piece-ai:summarize': (input) => {
    const transcript = Array.isArray(input['transcript']) ? input['transcript'] : [];
    const lines = transcript.map((line) => (line && typeof line === 'object' ? `${String((line as Record<string, unknown>)['role'])}: ${String((line as Record<string, unknown>)['text'])}` : String(line)));
    const words = lines.join(' ').split(/\s+/).filter(Boolean);
    return { kind: 'ok', output: { summary: words.slice(0, 40).join(' ') + (words.length > 40 ? ' …' : ''), lines: lines.length } };
  },

  'piece-email:send_email': (input, ctx) => {
    const to = String(input['to'] ?? '');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to)) return { kind: 'fail', classification: 'wiring_error', error: `Invalid recipient address: ${to}` };
    ctx.record({ kind: 'email', detail: { to, subject: input['subject'], body: input['body'] } });
    return { kind: 'ok', output: { to, sent: true } };
  },

  'piece-chatapp:send_message': (input, ctx) => {
    const to = String(input['to'] ?? '');
    if (!E164_PATTERN.test(to)) return { kind: 'fail', classification: 'missing_record', error: `No customer phone number to message (${to || 'empty'})` };
    ctx.record({ kind: 'chatapp_message', detail: { sender_id: input['sender_id'], to, text: input['text'] } });
    return { kind: 'ok', output: { to, sent: true } };
  },

  'piece-crm:create_lead': (input, ctx) => {
    const connection = ctx.connection('crm');
    if (!connection || connection.status !== 'connected') return { kind: 'fail', classification: 'missing_connection', error: 'The CRM connection is missing or needs reconnecting' };
    return { kind: 'ok', output: { lead: input } };
  },

  'piece-calendar:create_event': (input, ctx) => {
    const connection = ctx.connection('calendar');
    if (!connection || connection.status !== 'connected') return { kind: 'fail', classification: 'missing_connection', error: 'The calendar connection is missing or needs reconnecting' };
    return { kind: 'ok', output: { event: input } };
  },
};

/** Run one step's action; an unknown piece/action is a wiring error of the definition. */
export async function runAction(pieceName: string, actionName: string, input: Record<string, unknown>, ctx: ActionContext): Promise<ActionOutcome> {
  const action = actions[`${pieceName}:${actionName}`];
  if (!action) return { kind: 'fail', classification: 'wiring_error', error: `Unknown action ${actionName} of ${pieceName}` };
  return action(input, ctx);
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]));
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
