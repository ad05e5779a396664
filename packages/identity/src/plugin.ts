/**
 * Fastify plugin speaking Cognito's user pool JSON protocol, so unmodified aws-amplify and
 * amazon-cognito-identity-js work against it. Register with `prefix: '/identity'`.
 */

import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';

import { IdentityError } from './errors.ts';
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

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('access-control-allow-origin', corsOrigin);
    reply.header(
      'access-control-expose-headers',
      'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
    );
    reply.header('x-amzn-requestid', request.id);
    return payload;
  });

  app.setErrorHandler((error, _request, reply) => {
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
    });
    return reply.header('content-type', 'application/x-amz-json-1.1').send(JSON.stringify(result));
  });

  app.get(`/${service.poolId}/.well-known/jwks.json`, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(service.getJwks()),
  );

  app.get(`/${service.poolId}/.well-known/openid-configuration`, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(service.openIdConfiguration()),
  );
};
