/**
 * How the server process is run: a bounded V8 heap (collected before it grows past what the
 * server needs) and two malloc arenas instead of eight per core, which keeps resident memory
 * flat under large uploads and rebuilds. Values already set in the environment win.
 */
export function serverRuntimeEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  return {
    NODE_OPTIONS: /--max-old-space-size/.test(nodeOptions)
      ? nodeOptions
      : `${nodeOptions} --max-old-space-size=256`.trim(),
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
  };
}
