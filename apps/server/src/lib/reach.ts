// How a server the start depends on (PostgreSQL, Redis) is named when it cannot be reached.

/** `host:port` of a server URL, never its user or password. */
export function addressOf(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || defaultPort}`;
  } catch {
    return 'an address that cannot be read';
  }
}

/**
 * What went wrong, in a few words: a system error's code (`ECONNREFUSED`, `ENOTFOUND`,
 * `ETIMEDOUT`…) or the server's own sentence (`password authentication failed for user "x"`).
 */
export function causeOf(error: unknown, timeoutSeconds: number): string {
  const found = error as { code?: unknown; message?: unknown; errors?: unknown[] };
  // A name that resolves to several addresses fails with one error per address.
  const first = (found?.errors?.[0] ?? {}) as { code?: unknown };
  const code = typeof found?.code === 'string' ? found.code : first.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  const message = typeof found?.message === 'string' ? found.message : String(error);
  return /timeout|timed out/i.test(message)
    ? `no answer within ${timeoutSeconds} seconds`
    : message;
}
