import { describe, expect, it } from 'vitest';
import { TurnDetector, type SpeechPause, type UserTurn } from './turn-detector.js';

/** Drives a detector with a pattern: 'x' a voiced 10 ms frame, '.' a silent one. */
function run(pattern: string, options = {}): { events: string[]; turns: UserTurn[]; pauses: SpeechPause[] } {
  const events: string[] = [];
  const turns: UserTurn[] = [];
  const pauses: SpeechPause[] = [];
  const detector = new TurnDetector(
    { hangoverMs: 100, startWindowMs: 50, startRatio: 0.6, preRollMs: 30, tailMs: 20, pauseMs: 40, ...options },
    {
      onSpeechStart: () => events.push('start'),
      onSpeechEnd: (turn) => (events.push('end'), turns.push(turn)),
      onPause: (pause) => (events.push('pause'), pauses.push(pause)),
    },
  );
  let i = 0;
  for (const c of pattern) detector.push(new Int16Array(160).fill(i++), c === 'x');
  return { events, turns, pauses };
}

describe('TurnDetector', () => {
  it('ignores a click shorter than the start window', () => {
    expect(run('..x.....x......').events).toEqual([]);
  });

  it('starts a turn once most of the window is voiced and ends it after the hangover', () => {
    const { events, turns } = run('...xxxxxxxx' + '.'.repeat(12));
    expect(events).toEqual(['start', 'pause', 'end']);
    expect(turns[0]!.speechMs).toBe(80);
    expect(turns[0]!.silenceMs).toBe(100);
    // The pre-roll (the 3 frames that confirmed the start) + 5 more voiced frames + a 20 ms tail.
    expect(turns[0]!.audio[0]).toBe(3);
    expect(turns[0]!.audio.length).toBe((3 + 5 + 2) * 160);
  });

  it('bridges pauses shorter than the hangover, reporting each as a possible end', () => {
    const { events, turns, pauses } = run('xxxxxx' + '.....' + 'xxxx' + '.'.repeat(10));
    expect(events).toEqual(['start', 'pause', 'pause', 'end']);
    expect(turns).toHaveLength(1);
    // The last pause is the one the turn ended with; its audio matches the turn's.
    expect(turns[0]!.finalPauseId).toBe(pauses[1]!.id);
    expect(pauses[1]!.audio).toEqual(turns[0]!.audio);
    expect(pauses[0]!.audio.length).toBeLessThan(turns[0]!.audio.length);
  });

  it('cuts a turn that runs past the maximum, and the speech that goes on starts the next', () => {
    const { events, turns } = run('x'.repeat(25), { maxTurnMs: 200 });
    expect(events).toEqual(['start', 'end', 'start']);
    expect(turns[0]!.audio.length).toBe(20 * 160);
  });
});
