/**
 * Request validation against a schema, before anything is sent.
 */
import type { z } from 'zod';
import { RequestValidationError, type ValidationIssue } from './errors.js';

/** One part of a request to check: the schema and the value, with a prefix for the issue paths. */
export interface ValidationTarget {
  schema: z.ZodType | undefined;
  value: unknown;
}

/**
 * Validates each target and throws one `RequestValidationError` naming every failing field and rule; returns the
 * parsed outputs (in order) when all pass. Targets without a schema pass their value through.
 */
export function validateRequest(targets: readonly ValidationTarget[]): unknown[] {
  const issues: ValidationIssue[] = [];
  const outputs = targets.map(({ schema, value }) => {
    if (!schema) return value;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      issues.push({ field: issue.path.map(String).join('.'), rule: issue.code, message: issue.message });
    }
    return undefined;
  });
  if (issues.length > 0) throw new RequestValidationError(issues);
  return outputs;
}
