/**
 * The chat-app 24-hour customer-service window: opened and reset by each customer message, closed
 * 24 hours of emulator time after the last one. Freeform sends are allowed only while it is open.
 */

/** The window length: 24 hours. */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The wire `session_status` object. */
export interface SessionStatusValue {
  is_open: boolean;
  can_send_freeform: boolean;
  requires_template: boolean;
  message: string;
  minutes_remaining?: number;
  expires_at?: string;
  expired_at?: string;
}

/** The window's state at `now`, given the time of the customer's last message (or `null` if none yet). */
export function sessionStatusAt(lastCustomerMessageAt: number | null, now: number): SessionStatusValue {
  if (lastCustomerMessageAt === null) {
    return {
      is_open: false,
      can_send_freeform: false,
      requires_template: true,
      message: 'No customer message received yet. Send a template message to start the conversation.',
    };
  }
  const expiresAt = lastCustomerMessageAt + SESSION_WINDOW_MS;
  if (now < expiresAt) {
    return {
      is_open: true,
      can_send_freeform: true,
      requires_template: false,
      message: 'The 24-hour session window is open. Freeform messages can be sent.',
      // Whole minutes still available; a partial minute counts as usable.
      minutes_remaining: Math.ceil((expiresAt - now) / 60_000),
      expires_at: new Date(expiresAt).toISOString(),
    };
  }
  return {
    is_open: false,
    can_send_freeform: false,
    requires_template: true,
    message: 'The 24-hour session window has expired. Send a template message to re-open the conversation.',
    expired_at: new Date(expiresAt).toISOString(),
  };
}
