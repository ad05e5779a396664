import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ZHealth, ZReadiness } from '@laurel/contract/health';

import type { Lifecycle } from '../../lib/lifecycle.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<boolean>;
  /** The process's state; a server without one (tests) is ready once built. */
  lifecycle?: Lifecycle;
}> = async (app, { ping, lifecycle }) => {
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
      const state = lifecycle?.state ?? 'ready';
      const database = ok ? ('ok' as const) : ('unavailable' as const);
      if (state !== 'ready') return reply.status(503).send({ status: state, database });
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database });
    },
  );
};
