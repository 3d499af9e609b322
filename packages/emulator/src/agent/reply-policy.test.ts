import { describe, expect, it } from 'vitest';
import { greeting, planReply, speakWeather, WEATHER_TOOL, type ReplyPlan } from './reply-policy.js';

const context = { now: new Date(Date.UTC(2026, 10, 22, 15, 45)), timeZone: 'UTC' };

function said(plan: ReplyPlan): string {
  if (plan.kind !== 'say') throw new Error(`expected a spoken reply, got a ${plan.kind} call`);
  return plan.text;
}

describe('planReply', () => {
  it('tells the time and the date from the given clock', () => {
    expect(said(planReply('what time is it', context))).toBe('It is 3:45 PM.');
    expect(said(planReply('what is the date today', context))).toBe('Today is Sunday, November 22.');
    // How pocketsphinx sometimes hears that question.
    expect(said(planReply('what is the day to day', context))).toBe('Today is Sunday, November 22.');
  });

  it('echoes what it did not understand', () => {
    expect(said(planReply('my name is john and i like pizza', context))).toBe('You said: my name is john and i like pizza.');
    expect(said(planReply('Green apples!', context))).toBe('You said: Green apples.');
  });

  it('asks again when nothing was recognised', () => {
    expect(said(planReply('  ', context))).toContain('did not catch');
  });

  it('answers a greeting and a goodbye', () => {
    expect(said(planReply('hello', context))).toBe('Hello! How can I help you?');
    expect(said(planReply('thank you goodbye', context))).toBe('Goodbye! Talk to you soon.');
  });

  it('calls the weather tool with the place and day it heard', () => {
    const plan = planReply('hello what is the weather like today', context);
    expect(plan).toMatchObject({ kind: 'tool', method: WEATHER_TOOL, payload: '{"when":"today"}' });
    const inParis = planReply('what will the weather be in new york tomorrow', context);
    expect(inParis).toMatchObject({ kind: 'tool', payload: '{"location":"new york","when":"tomorrow"}' });
  });

  it('has a spoken fallback for a missing or failing weather tool', () => {
    const plan = planReply('weather', context);
    if (plan.kind !== 'tool') throw new Error('expected a tool call');
    expect(plan.fallback('missing')).toContain('has not registered a weather tool');
    expect(plan.fallback('failed')).toContain('did not answer');
  });
});

describe('speakWeather', () => {
  it('speaks plain text, a summary field, or temperature and conditions', () => {
    expect(speakWeather('Rain all day.')).toBe('Rain all day.');
    expect(speakWeather('{"summary":"Clear skies."}')).toBe('Clear skies.');
    expect(speakWeather('{"location":"Oslo","temperature":-3,"condition":"snowing"}')).toBe('In Oslo, it is -3 degrees and snowing.');
    expect(speakWeather('""')).toContain('empty');
  });

  it('cuts a runaway answer at a word boundary', () => {
    const spoken = speakWeather('sunny '.repeat(200));
    expect(spoken.length).toBeLessThanOrEqual(301);
    expect(spoken.endsWith('sunny…')).toBe(true);
  });
});

describe('greeting', () => {
  it('uses the name variable when the token carries one', () => {
    expect(greeting({ variables: { name: 'Ada' } })).toMatch(/^Hello Ada! /);
    expect(greeting({})).toMatch(/^Hello! /);
  });
});
