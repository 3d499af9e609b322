/**
 * The few emulator control routes (`/_emulator/...`) the tour needs: the seeded fixtures, and a
 * customer message arriving on a chat-app sender. The hosted platform has no such routes.
 */

/** What the tour reads from `GET /_emulator/seed` for the primary account. */
export interface SeedFixtures {
  api_key: string;
  tools: { count: number; plan_limit: number };
  sip_trunk_count: number;
  conversations: { total: number };
  assistants: Array<{ id: number; uuid: string; name: string }>;
  knowledgebase_ids: number[];
  white_label: { platform_users: Array<{ id: number; name: string }> };
}

/** Answer of `POST /_emulator/chatapp/inbound`. */
export interface InboundResult {
  conversation_id: number;
  conversation_uuid: string;
  message_count: number;
  ai_replied: boolean;
  session_status: { is_open: boolean; can_send_freeform: boolean };
}

/** A thin client of the emulator's control API. */
export class EmulatorControl {
  readonly #root: string;

  /** @param controlUrl the control root, e.g. `http://127.0.0.1:4010/_emulator` */
  constructor(controlUrl: string) {
    this.#root = controlUrl.replace(/\/+$/, '');
  }

  /** The seeded fixtures of the primary account. */
  async seed(): Promise<SeedFixtures> {
    const body = await this.#call<{ primary: SeedFixtures }>('GET', '/seed');
    return body.primary;
  }

  /** A customer message from `from` to sender `senderId`: opens (or renews) the 24-hour reply window. */
  chatAppInbound(senderId: number, from: string, text: string): Promise<InboundResult> {
    return this.#call('POST', '/chatapp/inbound', { sender_id: senderId, from, text });
  }

  async #call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.#root}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`emulator control ${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }
}
