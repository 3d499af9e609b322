/**
 * What the demo agent says: a greeting, a few intents matched on keywords, one intent answered
 * by a tool the browser registered (the weather, over RPC), and an echo of anything else, so a
 * developer can hear what the recogniser understood.
 */

/** A reply decided from the user's words. */
export type ReplyPlan =
  | { kind: 'say'; text: string }
  | {
      kind: 'tool';
      /** RPC method the browser is expected to have registered. */
      method: string;
      /** JSON parameters for it. */
      payload: string;
      /** Turns the tool's answer into speech. */
      speak(result: string): string;
      /** What to say when the tool is not registered or fails. */
      fallback(reason: 'missing' | 'failed'): string;
    };

/** What the policy may know besides the words. */
export interface ReplyContext {
  /** The current time (from the emulator clock). */
  now: Date;
  /** IANA time zone the time and date are told in; the host's when absent. */
  timeZone?: string;
}

/** The RPC method the weather intent calls. */
export const WEATHER_TOOL = 'get_weather';

/** The longest tool answer spoken, in characters (a runaway answer would hold the floor for minutes). */
const MAX_SPOKEN_RESULT = 300;

/** The greeting spoken when the user joins; `variables.name` personalises it. */
export function greeting(metadata: Record<string, unknown>): string {
  const variables = metadata['variables'];
  const name = variables && typeof variables === 'object' ? (variables as Record<string, unknown>)['name'] : undefined;
  const hello = typeof name === 'string' && name.trim() ? `Hello ${name.trim()}!` : 'Hello!';
  return `${hello} I am the demo assistant. Ask me what time it is, or what the weather is like today.`;
}

/** The reply to a turn whose words could not be transcribed (pocketsphinx missing or failing). */
export function untranscribedReply(): string {
  return 'I heard you, but speech recognition is not available here, so I could not make out the words. You can type your message instead.';
}

/** The reply to a turn that was transcribed as nothing (noise, a cough). */
export function unclearReply(): string {
  return 'Sorry, I did not catch that. Could you say it again?';
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}' ]+/gu, ' ').replace(/\s+/g, ' ').trim();
}

/** Decides the reply to what the user said or typed. */
export function planReply(userText: string, context: ReplyContext): ReplyPlan {
  const words = normalise(userText);
  if (!words) return { kind: 'say', text: unclearReply() };
  const has = (pattern: RegExp): boolean => pattern.test(words);

  if (has(/\b(weather|forecast|temperature|raining|sunny)\b/)) return weatherPlan(words);
  if (has(/\btime\b/) && has(/\b(what|what's|tell|is it|know|the)\b/)) return { kind: 'say', text: `It is ${formatTime(context)}.` };
  if (has(/\b(date|day)\b/) && has(/\b(what|what's|which|tell)\b/)) return { kind: 'say', text: `Today is ${formatDate(context)}.` };
  if (has(/\b(your name|who are you)\b/)) return { kind: 'say', text: 'I am the demo assistant of the voice session emulator.' };
  if (has(/\b(help|what can you do)\b/)) {
    return { kind: 'say', text: 'I can tell you the time and the date, check the weather with a tool your page provides, or repeat what I heard.' };
  }
  if (has(/\b(goodbye|bye)\b/)) return { kind: 'say', text: 'Goodbye! Talk to you soon.' };
  if (has(/\b(thanks|thank you)\b/)) return { kind: 'say', text: 'You are welcome.' };
  if (has(/^(hello|hi|hey)( there)?$/)) return { kind: 'say', text: 'Hello! How can I help you?' };
  return { kind: 'say', text: `You said: ${userText.trim().replace(/[.!?…]+$/u, '')}.` };
}

function weatherPlan(words: string): ReplyPlan {
  const when = /\btomorrow\b/.test(words) ? 'tomorrow' : 'today';
  const place = /\b(?:in|at|for) ([\p{L}' ]+?)(?: today| tomorrow| right now| now)?$/u.exec(words)?.[1]?.trim();
  const location = place && !/^(the|a|an)$/.test(place) ? place : undefined;
  const payload = JSON.stringify(location ? { location, when } : { when });
  return {
    kind: 'tool',
    method: WEATHER_TOOL,
    payload,
    speak: (result) => speakWeather(result),
    fallback: (reason) =>
      reason === 'missing'
        ? 'I would check the weather, but this page has not registered a weather tool.'
        : 'I tried to check the weather, but the weather tool did not answer. Please try again later.',
  };
}

/** Turns a weather tool's answer (plain text or JSON) into a sentence. */
export function speakWeather(result: string): string {
  let spoken = result.trim();
  try {
    const parsed: unknown = JSON.parse(result);
    spoken = describe(parsed) ?? spoken;
  } catch {
    // Plain text is spoken as it is.
  }
  if (!spoken) return 'The weather tool answered, but its answer was empty.';
  return spoken.length > MAX_SPOKEN_RESULT ? `${spoken.slice(0, MAX_SPOKEN_RESULT).replace(/\s+\S*$/, '')}…` : spoken;
}

function describe(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ['summary', 'text', 'message', 'forecast', 'description', 'result']) {
    if (typeof record[key] === 'string' && record[key]) return record[key];
  }
  const condition = record['condition'] ?? record['conditions'];
  const temperature = record['temperature'] ?? record['temp'];
  const place = typeof record['location'] === 'string' ? `In ${record['location']}, it` : 'It';
  const parts: string[] = [];
  if (typeof temperature === 'number' || typeof temperature === 'string') {
    const unit = typeof record['unit'] === 'string' ? ` ${record['unit']}` : ' degrees';
    parts.push(`${temperature}${unit}`);
  }
  if (typeof condition === 'string') parts.push(condition);
  return parts.length ? `${place} is ${parts.join(' and ')}.` : undefined;
}

function formatTime(context: ReplyContext): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: context.timeZone }).format(context.now);
}

function formatDate(context: ReplyContext): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: context.timeZone }).format(context.now);
}
