/**
 * Turns the api package's zod validation into the platform's Laravel validation body:
 * `{message, errors: {field: [msg, …]}}` with Laravel's wording ("The name field is required.").
 * No rule is restated here: the schemas decide what is wrong, this module only words it.
 */
import type { Response } from 'express';

/** The subset of a zod issue this module reads (structural, so no zod import is needed). */
export interface SchemaIssue {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
  expected?: string;
  origin?: string;
  format?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  keys?: string[];
  /** Branch issues of an `invalid_union`. */
  errors?: ReadonlyArray<ReadonlyArray<{ code: string; format?: string }>>;
}

/** Anything with zod's `safeParse`. */
export interface ParseableSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: SchemaIssue[] } };
}

/** The platform's validation failure body. */
export interface ValidationBody {
  message: string;
  errors: Record<string, string[]>;
}

/** Options of {@link parseOr422}. */
export interface ParseOptions {
  /** Fixed top-level message instead of Laravel's "first error (and N more errors)". */
  message?: string;
  /** Status to answer with; default 422. */
  status?: number;
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** Laravel names a field by its dotted path with underscores read as spaces. */
function attributeOf(path: ReadonlyArray<PropertyKey>): string {
  return path.map(String).join('.').replaceAll('_', ' ') || 'input';
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

const TYPE_WORDS: Record<string, string> = {
  string: 'must be a string',
  number: 'must be a number',
  int: 'must be an integer',
  boolean: 'must be true or false',
  array: 'must be an array',
  object: 'must be an array',
  file: 'must be a file',
};

function sizeWord(origin: string | undefined, limit: number | bigint, big: boolean): string {
  switch (origin) {
    case 'string':
      return big ? `must not be greater than ${limit} characters` : `must be at least ${limit} characters`;
    case 'array':
    case 'set':
      return big ? `must not have more than ${limit} items` : `must have at least ${limit} items`;
    case 'file':
      return big
        ? `must not be greater than ${Math.floor(Number(limit) / 1024)} kilobytes`
        : `must be at least ${Math.ceil(Number(limit) / 1024)} kilobytes`;
    default:
      return big ? `must not be greater than ${limit}` : `must be at least ${limit}`;
  }
}

const FORMAT_WORDS: Record<string, string> = {
  url: 'must be a valid URL',
  uuid: 'must be a valid UUID',
  guid: 'must be a valid UUID',
  email: 'must be a valid email address',
  ipv4: 'must be a valid IPv4 address',
  ipv6: 'must be a valid IPv6 address',
  datetime: 'must be a valid date',
  e164: 'must be a valid phone number in E.164 format',
};

/** Laravel's wording of one issue, given the input it was raised on. */
export function laravelMessage(issue: SchemaIssue, input: unknown): string {
  const attr = attributeOf(issue.path);
  const value = valueAt(input, issue.path);
  if (isMissing(value) && issue.code !== 'unrecognized_keys') return `The ${attr} field is required.`;
  switch (issue.code) {
    case 'invalid_type': {
      const word = TYPE_WORDS[issue.expected ?? ''];
      return word ? `The ${attr} field ${word}.` : `The ${attr} field is invalid.`;
    }
    case 'too_big':
      return `The ${attr} field ${sizeWord(issue.origin, issue.maximum ?? 0, true)}.`;
    case 'too_small':
      return `The ${attr} field ${sizeWord(issue.origin, issue.minimum ?? 0, false)}.`;
    case 'invalid_value':
      return `The selected ${attr} is invalid.`;
    case 'invalid_format': {
      const word = FORMAT_WORDS[issue.format ?? ''];
      return word ? `The ${attr} field ${word}.` : `The ${attr} field format is invalid.`;
    }
    case 'invalid_union': {
      const formats = (issue.errors ?? []).flat().map((e) => e.format);
      if (formats.length > 0 && formats.every((f) => f === 'ipv4' || f === 'ipv6')) return `The ${attr} field must be a valid IP address.`;
      return `The ${attr} field is invalid.`;
    }
    default: {
      // Custom (cross-field) rules carry their own sentence from the schema.
      const text = issue.message.trim();
      if (!text) return `The ${attr} field is invalid.`;
      return /[.!?]$/.test(text) ? text : `${text}.`;
    }
  }
}

/** Build the Laravel body for a list of issues (fields in issue order, messages de-duplicated). */
export function validationBody(issues: readonly SchemaIssue[], input: unknown, fixedMessage?: string): ValidationBody {
  const errors: Record<string, string[]> = {};
  let count = 0;
  let first = '';
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'input';
    const msg = laravelMessage(issue, input);
    const list = (errors[field] ??= []);
    if (list.includes(msg)) continue;
    list.push(msg);
    if (count === 0) first = msg;
    count++;
  }
  const more = count - 1;
  const message = fixedMessage ?? (more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first);
  return { message, errors };
}

function withoutKeys(input: unknown, path: ReadonlyArray<PropertyKey>, keys: readonly string[]): unknown {
  if (input === null || typeof input !== 'object') return input;
  if (path.length === 0) {
    const copy: Record<string, unknown> = Array.isArray(input) ? ([...input] as never) : { ...(input as object) };
    for (const k of keys) delete copy[k];
    return copy;
  }
  const [head, ...rest] = path;
  const copy: Record<PropertyKey, unknown> = Array.isArray(input) ? ([...input] as never) : { ...(input as object) };
  copy[head as PropertyKey] = withoutKeys(copy[head as PropertyKey], rest, keys);
  return copy;
}

/**
 * Parse `input` with `schema`; on failure answer 422 with the Laravel body and return undefined.
 * Unknown fields are ignored as Laravel does (the strict request schemas would otherwise refuse them).
 */
export function parseOr422<T>(schema: ParseableSchema<T>, input: unknown, res: Response, options: ParseOptions = {}): T | undefined {
  let current = input;
  for (let attempt = 0; attempt < 4; attempt++) {
    const result = schema.safeParse(current);
    if (result.success) return result.data;
    const extra = result.error.issues.filter((i) => i.code === 'unrecognized_keys');
    const real = result.error.issues.filter((i) => i.code !== 'unrecognized_keys');
    if (real.length > 0 || extra.length === 0) {
      res.status(options.status ?? 422).json(validationBody(real.length > 0 ? real : result.error.issues, current, options.message));
      return undefined;
    }
    for (const issue of extra) current = withoutKeys(current, issue.path, issue.keys ?? []);
  }
  res.status(options.status ?? 422).json({ message: 'The given data was invalid.', errors: {} });
  return undefined;
}
