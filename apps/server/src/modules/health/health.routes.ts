import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ZHealth, ZReadiness } from '@laurel/contract/health';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<boolean> }> = async (
  app,
  { ping },
) => {
  app.get(
    '/healthz',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: { tags: ['health'], response: { 200: ZHealth } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: { tags: ['health'], response: { 200: ZReadiness, 503: ZReadiness } },
    },
    async (_request, reply) => {
      const ok = await ping();
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'unavailable', database: ok ? 'ok' : 'unavailable' });
    },
  );
};
