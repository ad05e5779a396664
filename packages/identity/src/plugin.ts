/**
 * Fastify plugin speaking Cognito's user pool JSON protocol, so unmodified aws-amplify and
 * amazon-cognito-identity-js work against it. Register with `prefix: '/identity'`.
 */

import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';

import { IdentityError } from './errors.ts';
import { OAuthError, type OAuthResult } from './federation.ts';
import type { IdentityServiceOptions } from './options.ts';
import { createIdentityService, type IdentityService } from './service.ts';

export type IdentityPluginOptions =
  | { service: IdentityService; corsOrigin?: string }
  | (IdentityServiceOptions & { corsOrigin?: string });

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const ALLOWED_HEADERS = [
  'content-type',
  'x-amz-target',
  'x-amz-user-agent',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'cache-control',
  'authorization',
].join(', ');
const BODY_LIMIT = 64 * 1024;

function sendError(reply: FastifyReply, type: string, message: string, statusCode = 400) {
  return reply
    .code(statusCode)
    .header('x-amzn-errortype', type)
    .header('content-type', 'application/x-amz-json-1.1')
    .send(JSON.stringify({ __type: type, message }));
}

/**
 * @example await app.register(identityPlugin, { prefix: '/identity', service })
 */
export const identityPlugin: FastifyPluginAsync<IdentityPluginOptions> = async (
  app: FastifyInstance,
  options,
) => {
  const service = 'service' in options ? options.service : await createIdentityService(options);
  // A service made here is this plugin's to close; one passed in belongs to the caller.
  if (!('service' in options)) app.addHook('onClose', async () => service.close());
  const corsOrigin = options.corsOrigin ?? '*';

  // Encapsulated: only this plugin's routes parse Cognito's content type.
  app.addContentTypeParser(
    ['application/x-amz-json-1.1', 'application/x-amz-json-1.0'],
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(
          new IdentityError('SerializationException', 'Request body is not valid JSON'),
          undefined,
        );
      }
    },
  );

  // A callback hook: an async one costs a promise on every response.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('access-control-allow-origin', corsOrigin);
    reply.header(
      'access-control-expose-headers',
      'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
    );
    reply.header('x-amzn-requestid', request.id);
    done(null, payload);
  });

  // No limit of its own: each route's (the token endpoint's is small, the SAML ACS's larger).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof OAuthError)
      return reply
        .code(error.statusCode)
        .header('cache-control', 'no-store')
        .send({ error: error.error, error_description: error.description });
    if (error instanceof IdentityError)
      return sendError(reply, error.type, error.message, error.statusCode);
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413)
      return sendError(reply, 'InvalidParameterException', 'Request body too large', 400);
    if (status === 415)
      return sendError(reply, 'InvalidParameterException', 'Unsupported content type', 400);
    if (status !== undefined && status >= 400 && status < 500)
      return sendError(reply, 'SerializationException', (error as Error).message, 400);
    reply.log.error({ err: error }, 'identity: internal error');
    return sendError(reply, 'InternalErrorException', 'Internal server error', 500);
  });

  app.options('/', async (_request, reply) => {
    return reply
      .code(204)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '86400')
      .send();
  });

  app.post('/', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const target = request.headers['x-amz-target'];
    if (typeof target !== 'string' || !target.startsWith(TARGET_PREFIX)) {
      return sendError(
        reply,
        'UnknownOperationException',
        'Missing or unknown x-amz-target header',
      );
    }
    const body = request.body;
    const input =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : {};
    const result = await service.handle(target.slice(TARGET_PREFIX.length), input, {
      ip: request.ip,
      requestId: request.id,
    });
    return reply.header('content-type', 'application/x-amz-json-1.1').send(JSON.stringify(result));
  });

  const queryOf = (query: unknown): Record<string, string | undefined> => {
    const result: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string') result[key] = value;
    }
    return result;
  };
  const answer = (reply: FastifyReply, result: OAuthResult) =>
    'redirect' in result
      ? reply.header('cache-control', 'no-store').redirect(result.redirect, 302)
      : reply.header('cache-control', 'no-store').send(result.json);

  // Company sign-in (federation.ts), at Cognito's paths.
  app.get('/oauth2/authorize', async (request, reply) =>
    answer(reply, await service.oauth.authorize(queryOf(request.query))),
  );
  app.get('/oauth2/idpresponse', async (request, reply) =>
    answer(reply, await service.oauth.idpResponse(queryOf(request.query))),
  );
  // The SAML assertion consumer service (HTTP-POST binding) and each provider's SP metadata.
  app.post('/saml2/idpresponse', { bodyLimit: 768 * 1024 }, async (request, reply) =>
    answer(reply, await service.oauth.samlResponse(queryOf(request.body))),
  );
  app.get<{ Params: { name: string } }>('/saml2/metadata/:name', async (request, reply) => {
    const provider = await service.getSamlProvider(request.params.name);
    if (!provider) return reply.code(404).send({ error: 'not_found' });
    const sp = await service.samlServiceProvider(request.params.name);
    return reply
      .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sp.metadataXml);
  });
  app.post('/oauth2/token', { bodyLimit: BODY_LIMIT }, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send(
        await service.oauth.token(queryOf(request.body), { ip: request.ip, requestId: request.id }),
      ),
  );

  app.get(`/${service.poolId}/.well-known/jwks.json`, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(service.getJwks()),
  );

  app.get(`/${service.poolId}/.well-known/openid-configuration`, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(service.openIdConfiguration()),
  );
};
