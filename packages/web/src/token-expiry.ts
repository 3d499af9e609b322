/**
 * Reads the `exp` claim (seconds since the epoch) of a JWT without verifying it, so an expired token is
 * reported before any connection attempt. Returns `undefined` for a JWT without `exp`, `null` when the
 * string is not a JWT at all.
 */
export function readTokenExpiry(token: string): number | undefined | null {
  try {
    // atob is forgiving about missing padding, so only the URL-safe alphabet needs mapping.
    const { exp } = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp == 'number' ? exp : undefined;
  } catch {
    return null;
  }
}
