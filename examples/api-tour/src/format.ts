/** Short, one-line renderings of API answers for the tour's output. */

/** Shows a secret by its first characters only, so the tour's output is safe to paste. */
export function maskSecret(secret: string): string {
  return secret.length <= 8 ? '********' : `${secret.slice(0, 6)}…(${secret.length} chars)`;
}

/** Lists up to `max` items, then how many more there are. */
export function preview(items: readonly string[], max = 3): string {
  if (items.length === 0) return '(none)';
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown}, … +${items.length - max} more` : shown;
}

/** Counts values by key: `{chatapp: 14, api: 11}` rendered as `chatapp 14, api 11`. */
export function tally(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
}
