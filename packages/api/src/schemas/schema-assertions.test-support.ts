import { expect } from 'vitest';
import type { z } from 'zod';

/** The issues of a failed parse as `path: message` pairs (path joined with dots; '' for the root). */
export function issuesOf(schema: z.ZodType, input: unknown): { path: string; message: string; code: string }[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message, code: issue.code }));
}

/** Asserts the input parses and returns the parsed value. */
export function expectValid<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected valid, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** Asserts the parse fails with an issue naming `path` (and, when given, a message matching `message`). */
export function expectInvalidAt(schema: z.ZodType, input: unknown, path: string, message?: RegExp): void {
  const issues = issuesOf(schema, input);
  expect(issues.length, `expected a failure at "${path}"`).toBeGreaterThan(0);
  const matching = issues.filter((issue) => issue.path === path);
  expect(matching.map((issue) => issue.path), `issues: ${JSON.stringify(issues)}`).toContain(path);
  if (message) expect(matching.some((issue) => message.test(issue.message)), `messages: ${JSON.stringify(matching)}`).toBe(true);
}
