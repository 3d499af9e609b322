/**
 * A fake-microphone WAV for Chromium: leading silence (so the greeting can finish), a known
 * sentence spoken by Debian's flite with a 16 kHz voice pocketsphinx hears well, trailing silence.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SpeechWavOptions {
  sentence: string;
  /** Seconds of silence before the sentence. */
  leadSeconds: number;
  /** Seconds of silence after it. */
  tailSeconds?: number;
  /** Debian flite voice; `rms` and `kal16` are the ones pocketsphinx transcribes exactly. */
  voice?: 'rms' | 'kal16';
}

/** Write the WAV into `dir` and return its path (16 kHz mono 16-bit PCM). */
export async function synthesiseMicrophoneWav(dir: string, options: SpeechWavOptions): Promise<string> {
  const speech = join(dir, 'speech.wav');
  const lead = join(dir, 'lead.wav');
  const tail = join(dir, 'tail.wav');
  const out = join(dir, 'microphone.wav');
  await run('flite', ['-voice', options.voice ?? 'rms', '-t', options.sentence, '-o', speech]);
  const silence = (file: string, seconds: number) =>
    run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', file, 'trim', '0', String(seconds)]);
  await silence(lead, options.leadSeconds);
  await silence(tail, options.tailSeconds ?? 3);
  await run('sox', [lead, speech, tail, '-r', '16000', '-c', '1', '-b', '16', out]);
  return out;
}
