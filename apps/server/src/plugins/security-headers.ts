import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { AppConfig } from '../config.ts';
import { isApiCall } from './openapi.ts';

/**
 * What the built web app puts where a per-response nonce belongs (Vite's `html.cspNonce`): on its
 * `<meta property="csp-nonce">`, from which the style engine reads it, and on its tags.
 */
export const CSP_NONCE_PLACEHOLDER = '__LAUREL_CSP_NONCE__';

const nonces = new WeakMap<ServerResponse, string>();

/** Random bytes drawn 4 KiB at a time, each 16 of them handed out once as one nonce. */
const NONCE_BYTES = 16;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

function freshNonce(): string {
  if (randomOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * 256);
    randomOffset = 0;
  }
  const nonce = randomPool.toString('base64', randomOffset, randomOffset + NONCE_BYTES);
  randomOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The nonce that lets this response's own `<style>` elements through the policy: the style engine
 * (emotion) of the web app and the dev mailbox write styles inline. Scripts never get one.
 */
export function styleNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = freshNonce();
    nonces.set(response, nonce);
  }
  return nonce;
}

/** The AWS Cognito endpoints the browser calls itself when IDENTITY=cognito. */
function identityOrigins(config: AppConfig): string[] {
  if (config.identity.mode !== 'cognito') return [];
  return [
    `https://cognito-idp.${config.identity.region}.amazonaws.com`,
    ...(config.cognitoDomain ? [new URL(config.cognitoDomain).origin] : []),
  ];
}

/** Content-Security-Policy directives of every page Laurel serves (the API docs have their own). */
export function contentSecurityDirectives(config: AppConfig) {
  const https = config.publicUrl.startsWith('https:');
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: [
      "'self'",
      (_: unknown, response: ServerResponse) => `'nonce-${styleNonce(response)}'`,
    ],
    // QR codes for authenticator set-up are data: images.
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...identityOrigins(config)],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** Stands for the nonce while helmet writes the policy once; base64 like a real nonce. */
const NONCE_MARK = 'LaurelNonceMark000000==';

/**
 * The headers helmet sets with these options, in its order, written once: the policy split around
 * its nonce, which every response fills in with its own.
 */
export function helmetHeaders(options: HelmetOptions) {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: unknown) {
      set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  } as unknown as ServerResponse;
  nonces.set(response, NONCE_MARK);
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return {
    removed,
    headers: set.map(([name, value]) => {
      const parts = value.split(NONCE_MARK);
      if (parts.length > 2) throw new Error(`${name} names the style nonce more than once`);
      return { name, value: parts[0]!, afterNonce: parts[1] };
    }),
  };
}

/**
 * Browser security headers on every response (helmet): the content security policy above,
 * nosniff, a referrer policy that keeps paths on this site, no framing, and HSTS when Laurel is
 * served over https. Helmet writes them once at start; each response gets them with its own
 * style nonce, set on the response before any route runs (a route may still replace one, as the
 * API documentation does with its policy).
 *
 * JSON answers of the API are never rendered as a page, so they get the headers that protect data
 * rather than documents (the set OWASP's REST security guidance lists): a policy that allows
 * nothing and no framing, nosniff, no framing for older browsers, the referrer policy, same-origin
 * resource policy and HSTS. Five or six headers instead of eleven, and no nonce to draw: on a small
 * answer, writing headers costs about as much as the rest of the route.
 */
export const securityHeadersPlugin = fp<{ config: AppConfig }>(
  async (app: FastifyInstance, { config }) => {
    const https = config.publicUrl.startsWith('https:');
    const common = {
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      // One year; subdomains are the operator's to decide, so they are not included.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    } satisfies HelmetOptions;
    const page = helmetHeaders({
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    });
    const api = helmetHeaders({
      ...common,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    });
    // The API's headers have no nonce, so they are the same on every answer: they go with the
    // reply's own headers, which Node checks and writes in one pass. A header set on the raw
    // response instead makes Node set each of the reply's headers on it again, one call each.
    const apiHeaders: Record<string, string> = {};
    for (const { name, value, afterNonce } of api.headers) {
      if (afterNonce !== undefined) throw new Error(`${name} of API answers names a nonce`);
      apiHeaders[name] = value;
    }
    app.addHook('onRequest', (request, reply, done) => {
      const response = reply.raw;
      if (isApiCall(request.url)) {
        for (const name of api.removed) response.removeHeader(name);
        reply.headers(apiHeaders);
        return done();
      }
      for (const name of page.removed) response.removeHeader(name);
      for (const { name, value, afterNonce } of page.headers)
        response.setHeader(
          name,
          afterNonce === undefined ? value : value + styleNonce(response) + afterNonce,
        );
      done();
    });
  },
);
