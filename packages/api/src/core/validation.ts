/**
 * Request validation against a schema, before anything is sent.
 */
import type { z } from 'zod';
import type { ValidationIssue } from './errors.js';

/**
 * Checks one part of a request (path parameters, query or body) against `schema`, adds every failure to `issues`
 * (so one `RequestValidationError` can name all failing fields at once) and returns the parsed value, or
 * `undefined` when the part failed.
 *
 * @example
 * const issues: ValidationIssue[] = [];
 * validatePart(ToolCreateParams, params, issues);
 * if (issues.length > 0) throw new RequestValidationError(issues);
 */
export function validatePart(schema: z.ZodType, value: unknown, issues: ValidationIssue[]): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    issues.push({ field: issue.path.map(String).join('.'), rule: issue.code, message: issue.message });
  }
  return undefined;
}
