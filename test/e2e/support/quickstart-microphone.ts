/**
 * The quickstart test's fake microphone: a sentence spoken by Debian's flite (the `rms` voice, which
 * pocketsphinx transcribes exactly), after a few seconds of silence so the greeting starts first,
 * written as 48 kHz mono 16-bit PCM, the rate Chromium captures at.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Options of {@link writeQuickstartMicrophone}. */
export interface QuickstartMicrophoneOptions {
  sentence: string;
  /** Seconds of silence before the sentence. */
  leadSeconds: number;
  /** Seconds of silence after it, so the end of the turn is detected. */
  tailSeconds: number;
}

/** Writes `microphone.wav` into `dir` and returns its path. */
export async function writeQuickstartMicrophone(dir: string, options: QuickstartMicrophoneOptions): Promise<string> {
  const speech = join(dir, 'speech-16k.wav');
  const out = join(dir, 'microphone.wav');
  await run('flite', ['-voice', 'rms', '-t', options.sentence, '-o', speech]);
  // `pad` adds silence at both ends; `rate` resamples with sox's high-quality resampler.
  await run('sox', [speech, '-r', '48000', '-c', '1', '-b', '16', out, 'pad', String(options.leadSeconds), String(options.tailSeconds), 'rate', '-h', '48000']);
  return out;
}
