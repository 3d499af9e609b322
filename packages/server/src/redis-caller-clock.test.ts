import { describe, expect, it } from 'vitest';
import { CallerClock } from './redis-caller-clock.js';

describe('CallerClock', () => {
  it('reports no jump for a clock that runs at real speed, whatever its offset', () => {
    const wall = new CallerClock();
    const skewed = new CallerClock();
    for (let i = 0; i < 3; i++) {
      expect(Math.abs(wall.jump(Date.now()))).toBeLessThanOrEqual(2);
      expect(Math.abs(skewed.jump(Date.now() + 3_600_000))).toBeLessThanOrEqual(2);
    }
  });

  it('reports how far a test clock was advanced since it was first seen', () => {
    const clock = new CallerClock();
    let advanced = 0;
    const now = () => Date.now() + advanced;
    clock.jump(now());
    advanced = 900_000;
    expect(clock.jump(now())).toBeGreaterThanOrEqual(899_998);
    expect(clock.jump(now())).toBeLessThanOrEqual(900_002);
  });

  it('reports a frozen clock as falling behind real time', () => {
    const clock = new CallerClock();
    const frozen = Date.now() - 10_000;
    clock.jump(frozen);
    const started = performance.now();
    while (performance.now() - started < 5) {
      // spin a few real milliseconds
    }
    expect(clock.jump(frozen)).toBeLessThanOrEqual(-4);
  });
});
