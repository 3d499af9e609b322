/**
 * Environment lookup that works where `process` does not exist (browsers, edge runtimes).
 */

/** The value of environment variable `name`, or `undefined` when unset, empty or there is no `process`. */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
