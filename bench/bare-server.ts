// A bare Fastify server returning a fixed JSON list: the baseline the API is compared with.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BARE_BODY ?? '[]');
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
app.get('/readyz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
