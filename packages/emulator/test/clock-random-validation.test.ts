import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { EmulatorClock } from '../src/state/clock.js';
import { SeededRandom } from '../src/state/random.js';
import { laravelMessage, validationBody } from '../src/http/validation.js';

describe('EmulatorClock', () => {
  it('starts at the given time and moves with advance()', () => {
    let real = 1_000;
    const clock = new EmulatorClock({ now: '2030-01-01T00:00:00Z', realNow: () => real });
    expect(clock.date().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    real += 500;
    expect(clock.now()).toBe(Date.parse('2030-01-01T00:00:00.500Z'));
    clock.advance(60);
    expect(clock.date().toISOString()).toBe('2030-01-01T00:01:00.500Z');
  });

  it('fires due callbacks in time order on advance, once each, including ones scheduled by callbacks', () => {
    const clock = new EmulatorClock({ now: 0, realNow: () => 0 });
    const fired: string[] = [];
    clock.at(3000, () => fired.push('c'));
    clock.at(1000, () => {
      fired.push('a');
      clock.at(2000, () => fired.push('b'));
    });
    const cancelled = clock.at(1500, () => fired.push('x'));
    cancelled.cancel();
    clock.advance(2.5);
    expect(fired).toEqual(['a', 'b']);
    clock.advance(10);
    expect(fired).toEqual(['a', 'b', 'c']);
    expect(clock.pendingCount()).toBe(0);
  });

  it('fires callbacks by real timers too', async () => {
    const clock = new EmulatorClock();
    const fired = await new Promise<number>((resolve) => clock.after(0.02, () => resolve(clock.now())));
    expect(fired).toBeGreaterThan(0);
  });

  it('drops pending callbacks on clear()', () => {
    const clock = new EmulatorClock({ now: 0, realNow: () => 0 });
    let n = 0;
    clock.at(1000, () => n++);
    clock.clear();
    clock.advance(5);
    expect(n).toBe(0);
  });

  it('refuses a negative advance', () => {
    expect(() => new EmulatorClock().advance(-1)).toThrow(RangeError);
  });
});

describe('SeededRandom', () => {
  it('repeats the same sequence for a seed and after reseed()', () => {
    const a = new SeededRandom(42);
    const b = new SeededRandom(42);
    const seqA = [a.uuid(), a.hex(8), a.int(1, 6)];
    expect([b.uuid(), b.hex(8), b.int(1, 6)]).toEqual(seqA);
    a.reseed();
    expect([a.uuid(), a.hex(8), a.int(1, 6)]).toEqual(seqA);
    expect(new SeededRandom(43).uuid()).not.toBe(seqA[0]);
  });

  it('makes v4 uuids and in-range integers', () => {
    const r = new SeededRandom(7);
    for (let i = 0; i < 200; i++) {
      expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const n = r.int(3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
    }
    expect(() => r.pick([])).toThrow(RangeError);
  });
});

describe('Laravel validation wording', () => {
  const schema = z.strictObject({
    name: z.string().max(5),
    sip_username: z.string().min(3),
    count: z.int().min(1).max(30),
    kind: z.enum(['a', 'b']),
    url: z.url(),
    tags: z.array(z.string()).max(1),
  });

  it('words each rule as Laravel does and summarises the count', () => {
    const input = { name: 'toolong', sip_username: 'ab', count: 31, kind: 'c', url: 'nope', tags: ['x', 'y'] };
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    const body = validationBody(result.error?.issues ?? [], input);
    expect(body.errors).toEqual({
      name: ['The name field must not be greater than 5 characters.'],
      sip_username: ['The sip username field must be at least 3 characters.'],
      count: ['The count field must not be greater than 30.'],
      kind: ['The selected kind is invalid.'],
      url: ['The url field must be a valid URL.'],
      tags: ['The tags field must not have more than 1 items.'],
    });
    expect(body.message).toBe('The name field must not be greater than 5 characters. (and 5 more errors)');
  });

  it('says "required" for missing, null and empty values, and "1 more error" in the singular', () => {
    const input = { name: '', count: null };
    const result = z.object({ name: z.string().min(1), count: z.int() }).safeParse(input);
    const body = validationBody(result.error?.issues ?? [], input);
    expect(body.errors).toEqual({ name: ['The name field is required.'], count: ['The count field is required.'] });
    expect(body.message).toBe('The name field is required. (and 1 more error)');
  });

  it('keeps a custom rule’s own sentence', () => {
    expect(laravelMessage({ code: 'custom', path: ['x'], message: 'Pick one of a or b' }, { x: 1 })).toBe('Pick one of a or b.');
  });
});
