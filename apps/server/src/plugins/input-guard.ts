import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { MESSAGES } from '@laurel/contract/messages';

import { localizedError } from '../lib/i18n.ts';

/** Control characters (C0, DEL, C1); bodies may still carry tab, line feed and carriage return. */
const CONTROL_IN_TEXT = /\p{Cc}/u;
const CONTROL_IN_BODY = /[^\P{Cc}\t\n\r]/u;
/** Deeper than any request Laurel accepts; refusing early keeps hostile nesting cheap. */
const MAX_DEPTH = 32;

type Where = 'querystring' | 'params' | 'body';

/**
 * The first problem in a parsed value: a string (or key) with a control character, or nesting
 * deeper than MAX_DEPTH. Walks with an explicit stack, so no input can exhaust the call stack.
 */
function findProblem(
  root: unknown,
  forbidden: RegExp,
): { path: string; message: string } | undefined {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (forbidden.test(value))
        return { path: path.join('.'), message: MESSAGES.controlCharacters };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_DEPTH)
      return { path: path.join('.'), message: MESSAGES.nestedTooDeeply };
    for (const [key, child] of Object.entries(value)) {
      if (forbidden.test(key))
        return {
          path: [...path, key.replace(forbidden, '?')].join('.'),
          message: MESSAGES.controlCharacters,
        };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** What no request body may carry (control characters, nesting deeper than 32), said; else null. */
export function inputProblem(body: unknown): string | null {
  const problem = findProblem(body, CONTROL_IN_BODY);
  return problem ? `${problem.path ? `${problem.path}: ` : ''}${problem.message}` : null;
}

/** Whether a parsed part of the request holds anything: a value, or an object with a key. */
function hasContent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'object') return true;
  // A body that streams through (a text/csv file) is read by its route, not walked here.
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  for (const _key in value) return true;
  return false;
}

/** Answers 400 naming the field, when `value` has a problem. */
function refused(
  request: FastifyRequest,
  reply: FastifyReply,
  where: Where,
  value: unknown,
  forbidden: RegExp,
): boolean {
  const problem = findProblem(value, forbidden);
  if (!problem) return false;
  const body = localizedError(request, `Invalid ${where}`, {
    [problem.path || where]: problem.message,
  });
  void reply.status(400).send(body);
  return true;
}

/**
 * Refuses text that no field of Laurel's accepts before it reaches validation, a service or SQL:
 * control characters in paths, query strings and JSON bodies (a NUL once broke SQLite's search),
 * and absurdly deep JSON. Answers 400 with the field that carries it.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A hook in callback form: a request with nothing to refuse passes without a promise.
  app.addHook('preValidation', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    // Most calls have no body and no parameters: those pass without a walk.
    if (
      (hasContent(request.params) &&
        refused(request, reply, 'params', request.params, CONTROL_IN_TEXT)) ||
      (hasContent(request.query) &&
        refused(request, reply, 'querystring', request.query, CONTROL_IN_TEXT)) ||
      (hasContent(request.body) && refused(request, reply, 'body', request.body, CONTROL_IN_BODY))
    )
      return;
    done();
  });
});
