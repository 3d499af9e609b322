import { describe, expect, it } from 'vitest';
import { Downsampler, upsample } from './resampler.js';

function sine(hz: number, rate: number, samples: number, amplitude = 10_000): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate)));
}

function rms(samples: Int16Array, skip = 0): number {
  let sum = 0;
  for (let i = skip; i < samples.length; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / (samples.length - skip));
}

describe('Downsampler', () => {
  it('turns 10 ms frames at 48 kHz into 10 ms frames at 16 kHz, keeping speech-band tones', () => {
    const input = sine(1_000, 48_000, 48_000);
    const down = new Downsampler(3);
    const frames: Int16Array[] = [];
    for (let i = 0; i < input.length; i += 480) frames.push(down.process(input.subarray(i, i + 480)));
    expect(frames.every((frame) => frame.length === 160)).toBe(true);
    const output = new Int16Array(16_000);
    frames.forEach((frame, i) => output.set(frame, i * 160));
    // A 1 kHz sine of amplitude 10 000 has an RMS of ~7 071 and must come through unchanged.
    expect(rms(output, 100)).toBeGreaterThan(6_900);
    expect(rms(output, 100)).toBeLessThan(7_200);
  });

  it('removes tones above the new Nyquist frequency instead of folding them into speech', () => {
    const output = new Downsampler(3).process(sine(12_000, 48_000, 48_000));
    expect(rms(output, 100)).toBeLessThan(100);
  });

  it('keeps its phase across frames whose length is not a multiple of the factor', () => {
    const input = sine(500, 48_000, 4_800);
    const whole = new Downsampler(3).process(input);
    const split = new Downsampler(3);
    const parts = [split.process(input.subarray(0, 1_001)), split.process(input.subarray(1_001, 2_000)), split.process(input.subarray(2_000))];
    expect(Int16Array.from(parts.flatMap((part) => [...part]))).toEqual(whole);
  });
});

describe('upsample', () => {
  it('triples the rate of 16 kHz speech without changing its level or adding images', () => {
    const output = upsample(sine(1_000, 16_000, 16_000), 3);
    expect(output.length).toBe(48_000);
    expect(rms(output, 300)).toBeGreaterThan(6_900);
    expect(rms(output, 300)).toBeLessThan(7_200);
    // Round trip: down again and compare with the original tone.
    const back = new Downsampler(3).process(output);
    expect(rms(back, 100)).toBeGreaterThan(6_900);
  });

  it('rejects a non-integer factor', () => {
    expect(() => upsample(new Int16Array(10), 1.5)).toThrow(RangeError);
  });
});
