import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

import { MESSAGES } from '@laurel/contract/messages';

import { HttpError } from '../lib/http-error.ts';
import { localizedError } from '../lib/i18n.ts';

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is larger than 1 MiB',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but the content type is JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content length does not match the body',
  FST_ERR_BAD_URL: 'The address has a malformed escape sequence',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
};

/** Field path as the client sent it: `a.b.0` for nested keys, `body` for the whole body. */
function fieldKey(path: ReadonlyArray<PropertyKey>): string {
  return path.length === 0 ? 'body' : path.map(String).join('.');
}

/**
 * Fastify's `frameworkErrors`: requests the router cannot read (a path with a malformed escape, a
 * path segment longer than any id) are refused in the same shape as every other error, and
 * without echoing the path back.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  const body = localizedError(
    request,
    (status < 500 && FRIENDLY[error.code]) || MESSAGES.requestFailed,
  );
  return reply.status(status).send(body);
}

/**
 * One JSON error shape `{ message, fieldErrors?, messageKey?, messageValues?, fieldErrorKeys? }`
 * for every failure, in the request's language, never a stack trace.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.split('/').filter(Boolean);
        const unknownKeys =
          issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[]) : null;
        if (unknownKeys) {
          for (const key of unknownKeys) fieldErrors[fieldKey([...path, key])] = 'Unknown field';
        } else {
          fieldErrors[fieldKey(path)] ??= issue.message ?? 'Invalid value';
        }
      }
      const where = error.validationContext ?? 'request';
      return reply.status(400).send(localizedError(request, `Invalid ${where}`, fieldErrors));
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply
        .status(error.statusCode)
        .send(localizedError(request, error.message, error.fieldErrors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(localizedError(request, MESSAGES.requestFailed));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(localizedError(request, MESSAGES.requestFailed));
    }
    const message = (error.code && FRIENDLY[error.code]) || error.message || MESSAGES.requestFailed;
    return reply.status(status).send(localizedError(request, message));
  });

  app.setNotFoundHandler((request, reply) => {
    const message = `No route ${request.method} ${request.url.split('?')[0]}`;
    reply.status(404).send(localizedError(request, message));
  });
});
