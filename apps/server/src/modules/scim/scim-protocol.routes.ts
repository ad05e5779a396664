import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { scimBasePath } from '@laurel/contract/scim';

import { clientAddressOf } from '../../lib/actor.ts';
import { inputProblem } from '../../plugins/input-guard.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { resourceTypesOf, schemasOf, serviceProviderConfigOf } from './scim-discovery.ts';
import { listResponse, SCHEMAS, SCIM_CONTENT_TYPE, ScimError } from './scim-resources.ts';
import type { ScimCall, ScimService } from './scim.service.ts';

/** Where SCIM is served: `/scim/v2/<scimId>/…` (RFC 7644 §3). */
export const SCIM_PREFIX = '/scim/v2';
const BEARER = /^Bearer\s+(\S+)\s*$/i;

declare module 'fastify' {
  interface FastifyRequest {
    scimCall: ScimCall | null;
  }
}

type Params = { scimId: string; id?: string };
type Query = Record<string, unknown>;

/**
 * The SCIM 2.0 service of each organization, apart from `/api`: its own bearer check (a SCIM
 * token of that organization), SCIM's media type and error shape, and Laurel's routes on top of
 * the service. Hidden from the OpenAPI document of `/api` (decision 058).
 */
export const scimProtocolRoutes: FastifyPluginAsync<{
  scim: ScimService;
  publicUrl: string;
}> = async (app, { scim, publicUrl }) => {
  app.decorateRequest('scimCall', null);

  // Directories send SCIM's media type; plain JSON is read the same way.
  app.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, body === '' ? undefined : JSON.parse(body as string));
      } catch {
        done(new ScimError(400, 'The body is not JSON', 'invalidSyntax'));
      }
    },
  );

  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.status(status).type(SCIM_CONTENT_TYPE).header('cache-control', 'no-store').send(body);

  app.setErrorHandler((error: FastifyError | ScimError, request, reply) => {
    if (error instanceof ScimError) {
      if (error.status === 401) reply.header('www-authenticate', 'Bearer realm="Laurel SCIM"');
      return send(reply, error.status, error.body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send application/scim+json or application/json'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The body is too large'
            : 'The request is not valid SCIM';
      const scimError = new ScimError(status, detail, status === 400 ? 'invalidSyntax' : undefined);
      return send(reply, status, scimError.body);
    }
    request.log.error({ err: error }, 'SCIM request failed');
    return send(reply, 500, new ScimError(500, 'Something went wrong on our side').body);
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      reply,
      404,
      new ScimError(404, `No SCIM endpoint ${request.method} ${request.url.split('?')[0]}`).body,
    ),
  );

  // A route's limit (429) answers in SCIM's shape too.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 429 || typeof payload !== 'string' || payload.includes(SCHEMAS.error))
      return payload;
    reply.type(SCIM_CONTENT_TYPE);
    let detail = 'Too many requests';
    try {
      detail = (JSON.parse(payload) as { message?: string }).message ?? detail;
    } catch {
      // The limiter's own body was not JSON: the plain detail will do.
    }
    return JSON.stringify(new ScimError(429, detail).body);
  });

  // Every call presents a SCIM token of the organization whose address it calls.
  app.addHook('onRequest', async (request: FastifyRequest<{ Params: Params }>) => {
    if (request.is404) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw new ScimError(401, 'Send Authorization: Bearer <SCIM token>');
    const scimId = request.params.scimId;
    const { organizationId, principal } = await scim.authenticate(match[1]!, scimId, request.ip);
    request.scimCall = {
      organizationId,
      actor: { principal, ip: clientAddressOf(request), requestId: request.id },
      base: `${publicUrl}${scimBasePath(scimId)}`,
    };
  });

  // What no field of Laurel's accepts (control characters, deep nesting), refused before a service.
  app.addHook('preValidation', async (request) => {
    const problem = inputProblem(request.query) ?? inputProblem(request.body);
    if (problem) throw new ScimError(400, problem, 'invalidValue');
  });

  const callOf = (request: FastifyRequest) => request.scimCall!;
  const config = { rateLimit: RATE_LIMITS.scim };
  /** SCIM's endpoint names, and their lower-case forms some directories send. */
  const paths = (path: string) => [
    ...new Set([path, path.replace(/\/[A-Za-z]+/g, (segment) => segment.toLowerCase())]),
  ];

  for (const url of paths('/:scimId/ServiceProviderConfig'))
    app.get<{ Params: Params }>(url, { config }, async (request, reply) =>
      send(reply, 200, serviceProviderConfigOf(callOf(request).base)),
    );
  for (const url of paths('/:scimId/ResourceTypes'))
    app.get<{ Params: Params }>(url, { config }, async (request, reply) => {
      const types = resourceTypesOf(callOf(request).base);
      return send(reply, 200, listResponse(types, types.length, 1));
    });
  for (const url of paths('/:scimId/ResourceTypes/:id'))
    app.get<{ Params: Params }>(url, { config }, async (request, reply) => {
      const type = resourceTypesOf(callOf(request).base).find((t) => t.id === request.params.id);
      if (!type) throw new ScimError(404, `No resource type ${request.params.id}`);
      return send(reply, 200, type);
    });
  for (const url of paths('/:scimId/Schemas'))
    app.get<{ Params: Params }>(url, { config }, async (request, reply) => {
      const schemas = schemasOf(callOf(request).base);
      return send(reply, 200, listResponse(schemas, schemas.length, 1));
    });
  for (const url of paths('/:scimId/Schemas/:id'))
    app.get<{ Params: Params }>(url, { config }, async (request, reply) => {
      const schema = schemasOf(callOf(request).base).find((s) => s.id === request.params.id);
      if (!schema) throw new ScimError(404, `No schema ${request.params.id}`);
      return send(reply, 200, schema);
    });

  for (const url of paths('/:scimId/Users')) {
    app.get<{ Params: Params; Querystring: Query }>(url, { config }, async (request, reply) =>
      send(reply, 200, await scim.listUsers(callOf(request), request.query)),
    );
    app.post<{ Params: Params }>(url, { config }, async (request, reply) => {
      const user = await scim.createUser(callOf(request), request.body);
      return send(reply.header('location', user.meta.location), 201, user);
    });
  }
  for (const url of paths('/:scimId/Users/:id')) {
    app.get<{ Params: Params & { id: string }; Querystring: Query }>(
      url,
      { config },
      async (request, reply) =>
        send(reply, 200, await scim.getUser(callOf(request), request.params.id, request.query)),
    );
    app.put<{ Params: Params & { id: string } }>(url, { config }, async (request, reply) =>
      send(reply, 200, await scim.replaceUser(callOf(request), request.params.id, request.body)),
    );
    app.patch<{ Params: Params & { id: string } }>(url, { config }, async (request, reply) =>
      send(reply, 200, await scim.patchUser(callOf(request), request.params.id, request.body)),
    );
    app.delete<{ Params: Params & { id: string } }>(url, { config }, async (request, reply) => {
      await scim.deleteUser(callOf(request), request.params.id);
      return reply.status(204).header('cache-control', 'no-store').send();
    });
  }

  for (const url of paths('/:scimId/Groups')) {
    app.get<{ Params: Params; Querystring: Query }>(url, { config }, async (request, reply) =>
      send(reply, 200, await scim.listGroups(callOf(request), request.query)),
    );
    app.post<{ Params: Params }>(url, { config }, async (request) => {
      const name = (request.body as { displayName?: unknown } | undefined)?.displayName;
      const existing = (await scim.listGroups(callOf(request), {})).Resources.find(
        (group) => group.displayName === name,
      );
      throw existing
        ? new ScimError(
            409,
            `The group ${String(name)} exists: its id is ${existing.id}`,
            'uniqueness',
          )
        : new ScimError(
            400,
            "Laurel's groups are its two roles, Organization Admin and User: push people into those",
            'invalidValue',
          );
    });
  }
  for (const url of paths('/:scimId/Groups/:id')) {
    app.get<{ Params: Params & { id: string }; Querystring: Query }>(
      url,
      { config },
      async (request, reply) =>
        send(reply, 200, await scim.getGroup(callOf(request), request.params.id, request.query)),
    );
    app.put<{ Params: Params & { id: string } }>(url, { config }, async (request, reply) =>
      send(reply, 200, await scim.replaceGroup(callOf(request), request.params.id, request.body)),
    );
    app.patch<{ Params: Params & { id: string } }>(url, { config }, async (request, reply) => {
      await scim.patchGroup(callOf(request), request.params.id, request.body);
      return reply.status(204).header('cache-control', 'no-store').send();
    });
    app.delete<{ Params: Params & { id: string } }>(url, { config }, async () => {
      throw new ScimError(400, "Laurel's roles cannot be deleted", 'mutability');
    });
  }
};
