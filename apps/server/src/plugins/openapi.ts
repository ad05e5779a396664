import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

import { API_PATHS } from '@laurel/contract/paths';

export const DOCS_PREFIX = API_PATHS.docs;

/** A call of the JSON API (its documentation pages are pages, not calls). */
export const isApiCall = (url: string): boolean =>
  url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX);

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs. */
export const openapiPlugin = fp<{ version: string; serveUi: boolean }>(
  async (app: FastifyInstance, options) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Laurel API',
          description:
            'Organizations, credentials, contracts, users, bookmarks, audits, uploads and insights. ' +
            'Every route except those marked public needs `Authorization: Bearer <id token>`.',
          version: options.version,
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // An operation lists the API key scopes that reach it (docs/api.md).
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description:
                'An organization API key (`laurel_live_…`), on the operations that list the scopes it needs: one of them is enough.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
      hideUntagged: true,
    });
    if (options.serveUi) {
      await app.register(swaggerUi, {
        routePrefix: DOCS_PREFIX,
        uiConfig: { docExpansion: 'list' },
        // Swagger UI's own policy (its scripts and styles are files served here, nothing inline,
        // no framing). It replaces the web app's policy on these pages.
        staticCSP: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'script-src-attr': ["'none'"],
          // Swagger UI renders one fixed <style> element (its SVG icons); the browser suite
          // fails with the new hash should an update change it.
          'style-src': ["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
          'img-src': ["'self'", 'data:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'none'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
        },
      });
    }
  },
);
