/**
 * What one stop of the tour is: a title, the endpoints it calls, a precondition, and a body that
 * returns the compact lines to print. Shared by the step lists and the runner.
 */
import type { PlatformClient } from '@voice-session/api';
import type { EndpointId } from '@voice-session/api/schemas';
import type { EmulatorControl } from './emulator-control.js';
import type { FlakyReceiver } from './flaky-receiver.js';

/** Ids the tour needs that only the account owner knows (the emulator's seed supplies them offline). */
export interface TourFixtures {
  /** A knowledgebase to upload the document to. */
  knowledgebaseId?: number | undefined;
  /** An assistant: the numeric id (webhooks, automations) and the uuid (realtime sessions). */
  assistant?: { id: number; uuid: string } | undefined;
  /** A white-label platform user whose plan to read. */
  whiteLabelUserId?: number | undefined;
  /** A chat-app customer whose reply window is open (hosted platform only; offline the tour opens one). */
  customerPhone?: string | undefined;
  /** Where the conversation-ended webhook should point. */
  conversationEndedWebhookUrl: string;
}

/** Everything a step may use. */
export interface TourContext {
  client: PlatformClient;
  /** The emulator's control API; undefined against the hosted platform. */
  control: EmulatorControl | undefined;
  /** A local endpoint that fails first and then accepts (automations); only reachable from a local emulator. */
  receiver: FlakyReceiver | undefined;
  fixtures: TourFixtures;
}

/** One stop of the tour. */
export interface TourStep {
  title: string;
  /** The endpoints (ids of `ENDPOINTS`) the step calls. */
  endpoints: readonly EndpointId[];
  /** Why the step cannot run in this context (it is then skipped), or undefined. */
  unavailable?(ctx: TourContext): string | undefined;
  /** Calls the endpoints and returns what they answered, as short lines. */
  run(ctx: TourContext): Promise<string[]>;
}

/** Fails a step with a sentence when an answer is not what the tour relies on. */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
