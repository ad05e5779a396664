// A bare Fastify server returning a fixed JSON list: the baseline the API is compared with. With
// BARE_REQUEST_LOG=true it writes the app's one line a request at info, with the app's logger
// (apps/server/src/lib/logger.ts) and request log (lib/request-log.ts), and nothing else of the
// app: how far a log line alone takes a route from the bare one.
import Fastify, { type FastifyServerOptions } from 'fastify';

import { createLogger } from '../apps/server/src/lib/logger.ts';
import { RequestLogController } from '../apps/server/src/lib/request-log.ts';

const body = JSON.parse(process.env.BARE_BODY ?? '[]');
const options: FastifyServerOptions =
  process.env.BARE_REQUEST_LOG === 'true'
    ? { loggerInstance: createLogger('info', false), logController: new RequestLogController() }
    : { logger: false };
const app = Fastify(options);
app.get('/bare', async () => body);
app.get('/readyz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
