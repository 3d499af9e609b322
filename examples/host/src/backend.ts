import { startEmulator, type RunningEmulator } from '@voice-session/emulator';

/** The hosted platform account sessions are minted with. */
export interface HostedPlatform {
  apiKey: string;
  baseUrl: string;
  assistantId: string;
}

/** Where sessions come from: the embedded offline emulator, or the hosted platform. */
export type Backend = { kind: 'emulator'; port?: number } | ({ kind: 'platform' } & HostedPlatform);

/** A started backend: the upstream the token server calls, and the emulator when there is one. */
export interface StartedBackend {
  upstream: HostedPlatform;
  emulator: RunningEmulator | undefined;
  /** A line for the page, e.g. "Offline demo assistant (emulator)". */
  label: string;
}

/** Thrown for configuration a person must fix; the message is one sentence. */
export class DemoConfigError extends Error {
  override readonly name = 'DemoConfigError';
}

const HOSTED_VARIABLES = ['VOICE_SESSION_BASE_URL', 'VOICE_SESSION_API_KEY', 'VOICE_SESSION_ASSISTANT_ID'] as const;

/** The hosted platform when all three variables are set, the emulator when none is; a partial set is an error. */
export function backendFromEnv(env: Readonly<Record<string, string | undefined>>, emulatorPort: number): Backend {
  const [baseUrl, apiKey, assistantId] = HOSTED_VARIABLES.map((name) => env[name]?.trim() || undefined);
  if (baseUrl && apiKey && assistantId) return { kind: 'platform', baseUrl, apiKey, assistantId };
  if (baseUrl || apiKey || assistantId) {
    throw new DemoConfigError(`to use the hosted platform set ${HOSTED_VARIABLES.join(', ')} together.`);
  }
  return { kind: 'emulator', port: emulatorPort };
}

/** Starts the emulator when the backend is the emulator; the hosted platform needs nothing started. */
export async function startBackend(backend: Backend, host: string): Promise<StartedBackend> {
  if (backend.kind === 'platform') {
    const { kind: _kind, ...upstream } = backend;
    return { upstream, emulator: undefined, label: 'Hosted assistant' };
  }
  const emulator = await startEmulator({ port: backend.port ?? 0, host });
  try {
    const upstream = { apiKey: emulator.apiKeys.primary, baseUrl: emulator.baseUrl, assistantId: await demoAssistant(emulator) };
    return { upstream, emulator, label: 'Offline demo assistant (emulator)' };
  } catch (error) {
    await emulator.close();
    throw error;
  }
}

// The first assistant of the seeded primary account is the demo assistant.
async function demoAssistant(emulator: RunningEmulator): Promise<string> {
  const response = await fetch(`${emulator.controlUrl}/seed`);
  const seed = (await response.json()) as { primary?: { assistants?: Array<{ uuid?: string }> } };
  const uuid = seed.primary?.assistants?.[0]?.uuid;
  if (!uuid) throw new Error('The emulator seed has no assistant for the primary account.');
  return uuid;
}
