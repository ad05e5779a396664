import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHash, timingSafeEqual } from 'node:crypto';

import { unauthorized } from '../lib/http-error.ts';
import type { Metrics } from '../lib/metrics.ts';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus's text format, for a scraper holding `METRICS_TOKEN`. Without a
 * token the path answers the API's JSON 404 (never the web app's page). The request histogram is
 * labelled by route pattern (`/api/organizations/:id`), so its series stay few whatever the URLs.
 * Outside `/api`, the endpoint is neither rate limited nor audited, and it is not in the OpenAPI
 * document.
 */
export const metricsPlugin = fp<{ token: string | undefined; metrics: Metrics | undefined }>(
  async (app: FastifyInstance, { token, metrics }) => {
    if (!token || !metrics) {
      app.get(
        METRICS_PATH,
        { schema: { hide: true }, config: { public: true } },
        (_request, reply) => reply.callNotFound(),
      );
      return;
    }

    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    // Digests of equal length, so the comparison takes the same time whatever was sent.
    const expected = digest(token);
    app.get(
      METRICS_PATH,
      { schema: { hide: true }, config: { public: true }, logLevel: 'warn' },
      async (request, reply) => {
        const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
        if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw unauthorized(
            'A valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>',
          );
        }
        const body = await metrics.registry.metrics();
        return reply
          .type(metrics.registry.contentType)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  },
);
