/**
 * Where the tour runs: an emulator it starts itself (the default), or the hosted platform named by
 * `VOICE_SESSION_BASE_URL` + `VOICE_SESSION_API_KEY`, with the ids only the account owner knows
 * taken from the environment.
 */
import { PlatformClient, type ClientOptions } from '@voice-session/api';
import { startEmulator } from '@voice-session/emulator';
import { EmulatorControl } from './emulator-control.js';
import { startFlakyReceiver } from './flaky-receiver.js';
import type { TourContext, TourFixtures } from './tour-step.js';

/** A tour context plus what must be stopped afterwards. */
export interface TourTarget {
  ctx: TourContext;
  /** `emulator` or the hosted base URL, for the banner. */
  label: string;
  close(): Promise<void>;
}

/** Options shared by both targets. */
export interface TargetOptions {
  /** Extra client options (the test passes a recording `fetch`). */
  client?: Omit<ClientOptions, 'apiKey' | 'baseUrl'>;
}

/** Starts an emulator on a free port and reads the tour's ids from its seed. */
export async function startEmulatorTarget(options: TargetOptions = {}): Promise<TourTarget> {
  const emulator = await startEmulator({ port: 0, media: false });
  const receiver = await startFlakyReceiver({ failures: 1 }).catch(async (error: unknown) => {
    await emulator.close();
    throw error;
  });
  const close = async () => {
    await receiver.close();
    await emulator.close();
  };
  try {
    const control = new EmulatorControl(emulator.controlUrl);
    const seed = await control.seed();
    const assistant = seed.assistants[0];
    const fixtures: TourFixtures = {
      knowledgebaseId: seed.knowledgebase_ids[0],
      assistant: assistant && { id: assistant.id, uuid: assistant.uuid },
      whiteLabelUserId: seed.white_label.platform_users[0]?.id,
      conversationEndedWebhookUrl: `${receiver.url}/conversation-ended`,
    };
    const client = new PlatformClient({ ...options.client, apiKey: emulator.apiKeys.primary, baseUrl: emulator.baseUrl });
    return { ctx: { client, control, receiver, fixtures }, label: `the offline emulator at ${emulator.baseUrl}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function integer(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, not "${value}".`);
  return Number(value);
}

/** The hosted platform from the environment; steps whose ids are not set are skipped. */
export function hostedTarget(env: NodeJS.ProcessEnv, options: TargetOptions = {}): TourTarget {
  const baseUrl = env.VOICE_SESSION_BASE_URL!;
  const assistantNumber = integer(env, 'VOICE_SESSION_TOUR_ASSISTANT_NUMBER');
  const assistantUuid = env.VOICE_SESSION_ASSISTANT_ID;
  const fixtures: TourFixtures = {
    knowledgebaseId: integer(env, 'VOICE_SESSION_TOUR_KNOWLEDGEBASE_ID'),
    assistant: assistantNumber !== undefined && assistantUuid ? { id: assistantNumber, uuid: assistantUuid } : undefined,
    whiteLabelUserId: integer(env, 'VOICE_SESSION_TOUR_WHITE_LABEL_USER_ID'),
    customerPhone: env.VOICE_SESSION_TOUR_CUSTOMER_PHONE || undefined,
    conversationEndedWebhookUrl: env.VOICE_SESSION_TOUR_WEBHOOK_URL || 'https://example.com/hooks/conversation-ended',
  };
  const client = new PlatformClient({ ...options.client, apiKey: env.VOICE_SESSION_API_KEY!, baseUrl });
  return { ctx: { client, control: undefined, receiver: undefined, fixtures }, label: baseUrl, close: async () => undefined };
}
