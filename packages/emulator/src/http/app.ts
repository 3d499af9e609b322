/**
 * The emulator's Express app: JSON parsing with JSON errors, one router per API area under `/api`,
 * the loopback-only control API under `/_emulator`, and JSON for everything else.
 */
import express, { type Express, type RequestHandler, type Router } from 'express';
import type { RouterContext } from './context.js';
import { jsonBody } from './body.js';
import { CORE_API_AREAS, CORE_CONTROL_AREAS } from './core-areas.js';
import { automationHooksControl, automationsArea } from './automations.js';
import { chatAppArea } from './chat-app.js';
import { conversationsArea } from './conversations.js';
import { chatAppControl } from '../control/chat-app.js';
import { conversationsControl } from '../control/conversations.js';
import { methodNotAllowed, optionsAnswer } from './endpoint.js';
import { errorHandler, notFoundHandler } from './errors.js';

/** One API area: its router is mounted under `/api` and declares the spec's paths (`/user/tools`, …). */
export interface ApiArea {
  name: string;
  router(ctx: RouterContext): Router;
}

/** One control area: its router is mounted under `/_emulator` (loopback only). */
export interface ControlArea {
  name: string;
  router(ctx: RouterContext): Router;
}

/**
 * Registration list of the API areas, mounted under `/api` in this order. One line per area:
 * each area file exports an {@link ApiArea} (`export const toolsArea: ApiArea = {name, router}`).
 */
export const API_AREAS: ApiArea[] = [...CORE_API_AREAS, automationsArea, chatAppArea, conversationsArea];

/**
 * Registration list of the control areas, mounted under `/_emulator` in this order
 * (`export const chatAppControl: ControlArea = {name, router}` in `control/chat-app.ts`).
 */
export const CONTROL_AREAS: ControlArea[] = [...CORE_CONTROL_AREAS, chatAppControl, conversationsControl, automationHooksControl];

/** Options of {@link createApp}. */
export interface CreateAppOptions {
  ctx: RouterContext;
  /** Routers mounted under `/api`, in order; default {@link API_AREAS}. */
  areas?: readonly ApiArea[];
  /** Routers mounted under `/_emulator`, in order; default {@link CONTROL_AREAS}. */
  controls?: readonly ControlArea[];
  /** Operator log (unexpected errors). */
  log: (line: string) => void;
}

// JSON bodies beyond this are refused with 413 before parsing; the largest legitimate JSON body
// (64 KB of template params plus fields) fits comfortably. Multipart uploads have their own limit.
const JSON_LIMIT = 1024 * 1024;

/** Whether a socket's remote address is loopback (IPv4 127/8, IPv6 ::1, IPv4-mapped 127/8). */
export function isLoopbackAddress(addr: string): boolean {
  return addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.');
}

/** Control routes answer only loopback callers: they can rewrite any account's state. */
const loopbackOnly: RequestHandler = (req, res, next) => {
  if (isLoopbackAddress(req.socket.remoteAddress ?? '')) next();
  else res.status(403).json({ message: 'The control API is only available from loopback.' });
};

/** Build the app (no listening). */
export function createApp(options: CreateAppOptions): Express {
  const { ctx } = options;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'extended');

  // The media endpoint, when attached, takes `/rtc…/validate` requests and WebSocket upgrades before
  // this app sees them; any other `/rtc` request is an unknown path here like any other.
  app.use(jsonBody(JSON_LIMIT));

  const api = express.Router();
  api.use(optionsAnswer);
  for (const area of options.areas ?? API_AREAS) api.use(area.router(ctx));
  api.use(methodNotAllowed);
  api.use(notFoundHandler);
  app.use('/api', api);

  const control = express.Router();
  control.use(loopbackOnly);
  for (const area of options.controls ?? CONTROL_AREAS) control.use(area.router(ctx));
  control.use(notFoundHandler);
  app.use('/_emulator', control);

  app.get('/', (_req, res) => {
    res.json({ name: 'voice-session emulator', ...ctx.urls() });
  });
  app.use(notFoundHandler);
  app.use(errorHandler(options.log));
  return app;
}
