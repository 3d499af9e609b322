/**
 * What every area router is built from, and the per-request authenticated user.
 */
import type { Request } from 'express';
import type { EmulatorClock } from '../state/clock.js';
import type { Random, User } from '../state/model.js';
import type { EmulatorState } from '../state/store.js';
import type { MediaEndpoint } from '../media/contract.js';

/** Dependencies injected into each area router (and control router). */
export interface RouterContext {
  state: EmulatorState;
  clock: EmulatorClock;
  random: Random;
  /** POST `payload` as JSON to `url` for real and record the delivery in `state.webhooks`; never rejects. */
  deliverWebhook(url: string, payload: unknown): Promise<void>;
  /** Public base URLs, known once the server listens (empty strings before). */
  urls(): { baseUrl: string; mediaUrl: string; origin: string };
  /** HS256 secret realtime tokens are signed with (shared with the media endpoint). */
  tokenSecret: string;
  /** The attached media endpoint, if any. */
  media(): MediaEndpoint | undefined;
}

const users = new WeakMap<Request, User>();

/** Remember the authenticated user of a request (done by the auth middleware). */
export function setCurrentUser(req: Request, user: User): void {
  users.set(req, user);
}

/** The authenticated user of a request; only valid behind the auth middleware. */
export function currentUser(req: Request): User {
  const user = users.get(req);
  if (!user) throw new Error('currentUser() called on a route without authentication');
  return user;
}
