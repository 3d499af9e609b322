/**
 * The demo voice agent of one room: microphone frames → 16 kHz → voice activity → user turns →
 * pocketsphinx → reply policy (and a browser tool over RPC) → Flite → 48 kHz frames and a
 * transcript streamed word by word. State follows LiveKit Agents:
 * initializing → listening → thinking → speaking → listening.
 */
import { randomBytes } from 'node:crypto';
import { AGENT_SAMPLE_RATE, type Agent, type AgentIO, type AgentState, type PcmFrame } from './agent-io.js';
import type { PocketsphinxOptions, RecognitionResult } from './recogniser.js';
import { sharedRecognisers, type RecogniserLease, type RecogniserPool } from './recogniser-pool.js';
import { greeting, planReply, untranscribedReply, unclearReply } from './reply-policy.js';
import { Downsampler, upsample } from './resampler.js';
import { Speaker } from './speaker.js';
import type { FliteVoice } from './tts.js';
import { sharedSynthesizer, type SynthesizerLease, type SynthesizerWorker } from './tts-worker.js';
import { TurnDetector, type SpeechPause, type TurnDetectorOptions, type UserTurn } from './turn-detector.js';
import { Vad, type VadMode } from './vad.js';
import { timeWords } from './word-timing.js';

/** Flite's fastest 16 kHz voice (20–60 ms a sentence against 80–200 ms for `slt`): first audio comes sooner. */
const DEFAULT_VOICE: FliteVoice = 'kal16';

/** The sample rate the recogniser and the VAD work at. */
const SPEECH_RATE = 16_000;

/** The user transcript of a turn pocketsphinx could not transcribe because it is not installed. */
export const UNTRANSCRIBED_TEXT = '[speech not transcribed: install pocketsphinx]';

/** The user transcript of a turn pocketsphinx failed on (crashed or timed out). */
export const FAILED_TEXT = '[speech not transcribed]';

/** Timings of one answered user turn (for benchmarks and logs). */
export interface TurnMetrics {
  source: 'speech' | 'text';
  /** What the user said (as recognised) or typed. */
  userText: string;
  /** Time waited for pocketsphinx after the turn ended, in ms (speech only; decoding starts at the first pause). */
  recognitionMs?: number;
  /** From the end of the user's speech (last voiced audio, hangover included) to the first agent audio frame, in ms. */
  endOfSpeechToFirstAudioMs?: number;
  /** From the turn being detected as ended (or the text arriving) to the first agent audio frame, in ms. */
  turnEndToFirstAudioMs: number;
}

/** Options of the demo agent; every one has a working default. */
export interface AgentOptions {
  /** Where pocketsphinx is (inject a missing path to simulate it not being installed). */
  pocketsphinx?: PocketsphinxOptions;
  /** The pool the recogniser is leased from; the process-wide shared pool by default. */
  recognisers?: RecogniserPool;
  /** The Flite worker speech is synthesised on; the process-wide shared one by default. */
  synthesizer?: SynthesizerWorker;
  /** The Flite voice the agent speaks with. */
  voice?: FliteVoice;
  /** WebRTC VAD aggressiveness; 3 by default (the shortest speech tail, so turns end sooner). */
  vadMode?: VadMode;
  /** Turn detection tuning (hangover, start window…). */
  turn?: TurnDetectorOptions;
  /**
   * Voiced audio needed before user speech interrupts the agent while it talks, in ms (default
   * 250): a cough or a bit of echo must not cut it off. Shorter sounds over its speech are ignored.
   */
  minInterruptionMs?: number;
  /** Epoch ms, for the time and date intents (the emulator clock). */
  now?: () => number;
  /** Time zone the time and date intents answer in. */
  timeZone?: string;
  /** How long a browser tool may take, in ms. */
  toolTimeoutMs?: number;
  /** Lines for the operator; defaults to console.error. */
  log?: (line: string) => void;
  /** Segment ids; random by default. */
  newSegmentId?: () => string;
  /** Called with the timings of every answered turn. */
  onTurn?: (metrics: TurnMetrics) => void;
}

function randomSegmentId(): string {
  return `SG_${randomBytes(6).toString('hex')}`;
}

/** The demo voice agent; build it with `createAgent()`. */
export class VoiceAgent implements Agent {
  private readonly log: (line: string) => void;
  private readonly lease: RecogniserLease;
  private readonly tts: SynthesizerLease;
  private readonly downsampler = new Downsampler(AGENT_SAMPLE_RATE / SPEECH_RATE);
  private readonly detector: TurnDetector;
  private readonly newSegmentId: () => string;
  private vad: Vad | undefined;
  private speaker: Speaker | undefined;
  /** Bumped whenever what the agent is doing is superseded (barge-in, new turn, close). */
  private generation = 0;
  private state: AgentState | undefined;
  private userSegmentId: string | undefined;
  /** The user turn in progress has been taken up (it is not noise over the agent's speech). */
  private turnAccepted = false;
  private started = false;
  private closed = false;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private released: Promise<void> | undefined;
  /** Recognition started at a pause in the user's speech, used if the pause turns out to end the turn. */
  private speculation: { pauseId: number; result: Promise<RecognitionResult>; abort: AbortController } | undefined;

  constructor(private readonly io: AgentIO, private readonly options: AgentOptions = {}) {
    this.log = options.log ?? ((line) => console.error(line));
    this.newSegmentId = options.newSegmentId ?? randomSegmentId;
    // Leased now, not on start(), so the model loads while the user is still connecting.
    this.lease = (options.recognisers ?? sharedRecognisers).acquire({ log: this.log, ...options.pocketsphinx });
    this.tts = (options.synthesizer ?? sharedSynthesizer).acquire();
    this.detector = new TurnDetector(options.turn ?? {}, {
      onSpeechStart: () => this.onSpeechStart(),
      onSpeechEnd: (turn) => this.onSpeechEnd(turn),
      onPause: (pause) => this.onPause(pause),
    });
  }

  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.setState('initializing');
    void this.initialise();
  }

  onUserAudio(frame: PcmFrame): void {
    if (!this.vad || this.closed) return;
    const speech = this.downsampler.process(frame);
    if (speech.length === 0) return;
    this.detector.push(speech, this.vad.isSpeech(speech));
    if (this.detector.speaking && !this.turnAccepted && this.detector.speechMs >= (this.options.minInterruptionMs ?? 250)) {
      this.acceptTurn();
    }
  }

  onUserText(text: string): void {
    if (this.closed || !text.trim()) return;
    const generation = this.interrupt();
    this.setState('thinking');
    void this.respond(text, generation, { source: 'text', userText: text, endedAt: performance.now() });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.generation++;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    try {
      this.speaker?.interrupt();
    } catch {
      // The room is going away; its tracks may already be gone.
    }
    this.speaker = undefined;
    this.dropSpeculation();
    this.detector.reset();
    this.vad?.close();
    this.vad = undefined;
    this.released = Promise.all([this.lease.release(), this.tts.release()]).then(() => {});
  }

  /** Resolves once a closed agent has given back its recogniser and synthesiser (the last agent's close ends both). */
  whenClosed(): Promise<void> {
    return this.released ?? Promise.resolve();
  }

  private async initialise(): Promise<void> {
    try {
      const vad = await Vad.create({ sampleRate: SPEECH_RATE, mode: this.options.vadMode ?? 3 });
      if (this.closed) {
        vad.close();
        return;
      }
      this.vad = vad;
    } catch (error) {
      this.log(`voice agent: could not load voice activity detection (${String(error)}); the agent will only answer typed text`);
      if (this.closed) return;
    }
    this.setState('listening');
    void this.speak(greeting(this.io.metadata), this.generation);
  }

  private setState(state: AgentState): void {
    if (this.closed || this.state === state) return;
    this.state = state;
    this.io.setState(state);
  }

  /** Stops whatever the agent is saying or preparing; returns the generation of what comes next. */
  private interrupt(): number {
    this.generation++;
    if (this.speaker) {
      this.speaker.interrupt();
      this.speaker = undefined;
    }
    return this.generation;
  }

  private onSpeechStart(): void {
    this.turnAccepted = false;
    // Over the agent's own speech, wait for enough voice to tell a barge-in from a cough.
    if (!this.speaker) this.acceptTurn();
  }

  /** The user takes the floor: the agent stops talking (or thinking) and listens. */
  private acceptTurn(): void {
    this.turnAccepted = true;
    this.interrupt();
    this.dropSpeculation();
    this.setState('listening');
    this.userSegmentId = this.newSegmentId();
    this.io.publishUserTranscript({ segmentId: this.userSegmentId, text: '…', final: false });
  }

  private onPause(pause: SpeechPause): void {
    if (!this.turnAccepted) return;
    // The pause may be the end of the turn: start decoding now, so that when the hangover confirms
    // it the words are (nearly) ready. An older speculation still queued is obsolete.
    this.dropSpeculation();
    const abort = new AbortController();
    this.speculation = { pauseId: pause.id, abort, result: this.lease.recogniser.recognise(pause.audio, abort.signal) };
  }

  private dropSpeculation(): void {
    this.speculation?.abort.abort();
    this.speculation = undefined;
  }

  private onSpeechEnd(turn: UserTurn): void {
    if (!this.turnAccepted) return;
    this.turnAccepted = false;
    const endedAt = performance.now();
    const segmentId = this.userSegmentId ?? this.newSegmentId();
    this.userSegmentId = undefined;
    const generation = ++this.generation;
    const speculation = this.speculation;
    this.speculation = undefined;
    let recognition: Promise<RecognitionResult>;
    if (speculation && speculation.pauseId === turn.finalPauseId) {
      recognition = speculation.result;
    } else {
      speculation?.abort.abort();
      recognition = this.lease.recogniser.recognise(turn.audio);
    }
    this.setState('thinking');
    void this.handleTurn(recognition, segmentId, generation, endedAt, turn.silenceMs);
  }

  private async handleTurn(
    recognition: Promise<RecognitionResult>,
    segmentId: string,
    generation: number,
    endedAt: number,
    silenceMs: number,
  ): Promise<void> {
    const result = await recognition;
    // Only the wait after the turn ended counts: speculative decoding overlaps the hangover.
    const recognitionMs = performance.now() - endedAt;
    if (this.closed) return;
    const text = result.status === 'ok' ? result.text : result.status === 'unavailable' ? UNTRANSCRIBED_TEXT : FAILED_TEXT;
    // The user's words are published even when a newer turn superseded this one: they were said.
    this.io.publishUserTranscript({ segmentId, text, final: true });
    if (generation !== this.generation) return;
    const metrics = { source: 'speech' as const, userText: text, recognitionMs, endedAt, silenceMs };
    if (result.status === 'unavailable') {
      await this.speak(untranscribedReply(), generation, metrics);
    } else if (result.status === 'failed' || !result.text) {
      await this.speak(unclearReply(), generation, metrics);
    } else {
      await this.respond(result.text, generation, metrics);
    }
  }

  private async respond(text: string, generation: number, metrics: TurnContext): Promise<void> {
    try {
      const plan = planReply(text, { now: new Date((this.options.now ?? Date.now)()), timeZone: this.options.timeZone });
      if (plan.kind === 'say') {
        await this.speak(plan.text, generation, metrics);
        return;
      }
      let reply: string;
      try {
        const answer = await this.callTool(plan.method, plan.payload);
        reply = plan.speak(answer);
      } catch (error) {
        reply = plan.fallback(isMissingMethod(error) ? 'missing' : 'failed');
      }
      if (generation !== this.generation || this.closed) return;
      await this.speak(reply, generation, metrics);
    } catch (error) {
      this.log(`voice agent: could not answer a turn (${String(error)})`);
      if (generation === this.generation) this.setState('listening');
    }
  }

  private callTool(method: string, payload: string): Promise<string> {
    const timeoutMs = this.options.toolTimeoutMs ?? 5_000;
    return new Promise((resolve, reject) => {
      // The media side also times out; this guard keeps the agent responsive if it does not.
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        reject(new Error(`${method} timed out`));
      }, timeoutMs + 500);
      this.timers.add(timer);
      const settle = (): void => {
        clearTimeout(timer);
        this.timers.delete(timer);
      };
      this.io.performRpc(method, payload, timeoutMs).then(
        (value) => (settle(), resolve(value)),
        (error: unknown) => (settle(), reject(error)),
      );
    });
  }

  /** Speaks `text` sentence by sentence; returns when it was heard or interrupted. */
  private async speak(text: string, generation: number, metrics?: TurnContext): Promise<void> {
    let speaker: Speaker | undefined;
    try {
      for (const sentence of splitSentences(text)) {
        const speech = await this.tts.synthesize(sentence, this.options.voice ?? DEFAULT_VOICE);
        if (generation !== this.generation || this.closed) break;
        if (!speaker) {
          speaker = new Speaker(this.io, this.newSegmentId(), { onFirstAudio: () => this.reportFirstAudio(metrics) });
          this.speaker = speaker;
          this.setState('speaking');
        }
        const audio = upsample(speech.samples, AGENT_SAMPLE_RATE / speech.sampleRate);
        speaker.append(audio, timeWords(sentence, speech.samples, speech.sampleRate));
      }
    } catch (error) {
      this.log(`voice agent: text to speech failed (${String(error)})`);
    }
    if (!speaker) {
      if (generation === this.generation) this.setState('listening');
      return;
    }
    speaker.finish();
    const outcome = await speaker.done;
    if (this.speaker === speaker) this.speaker = undefined;
    if (outcome === 'played' && generation === this.generation) this.setState('listening');
  }

  private reportFirstAudio(metrics: TurnContext | undefined): void {
    if (!metrics || !this.options.onTurn) return;
    const now = performance.now();
    this.options.onTurn({
      source: metrics.source,
      userText: metrics.userText,
      recognitionMs: metrics.recognitionMs,
      // Frames arrive in real time, so the last voiced audio was heard `silenceMs` before the turn ended.
      endOfSpeechToFirstAudioMs: metrics.silenceMs === undefined ? undefined : now - metrics.endedAt + metrics.silenceMs,
      turnEndToFirstAudioMs: now - metrics.endedAt,
    });
  }
}

/** What a reply carries along for its turn's metrics. */
interface TurnContext {
  source: 'speech' | 'text';
  userText: string;
  endedAt: number;
  recognitionMs?: number;
  silenceMs?: number;
}

/** Splits a reply into sentences, each synthesised (and heard) before the next is needed. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** LiveKit's RPC error for a method the other side never registered is 1400 (UNSUPPORTED_METHOD). */
function isMissingMethod(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 1400 || (typeof message === 'string' && /unsupported method|not supported|not registered|no handler/i.test(message));
}
