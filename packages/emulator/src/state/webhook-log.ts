/**
 * The record of every webhook the emulator delivered (or tried to), for `GET /_emulator/webhooks`.
 */
import type { AreaState } from './area.js';

/** One delivery attempt. */
export interface WebhookDelivery {
  id: number;
  url: string;
  payload: unknown;
  /** Epoch ms (emulator clock). */
  sentAt: number;
  /** HTTP status of the receiver, or null when the request failed. */
  status: number | null;
  error: string | null;
}

/** Webhook deliveries, oldest first. */
export class WebhookLog implements AreaState {
  private readonly items: WebhookDelivery[] = [];
  private nextId = 1;

  reset(): void {
    this.items.length = 0;
    this.nextId = 1;
  }

  record(entry: Omit<WebhookDelivery, 'id'>): WebhookDelivery {
    const delivery = { id: this.nextId++, ...entry };
    this.items.push(delivery);
    return delivery;
  }

  list(): WebhookDelivery[] {
    return [...this.items];
  }
}
