import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

import type { AppConfig } from '../config.ts';

/**
 * What the built web app puts where a per-response nonce belongs (Vite's `html.cspNonce`): on its
 * `<meta property="csp-nonce">`, from which the style engine reads it, and on its tags.
 */
export const CSP_NONCE_PLACEHOLDER = '__LAUREL_CSP_NONCE__';

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The nonce that lets this response's own `<style>` elements through the policy: the style engine
 * (emotion) of the web app and the dev mailbox write styles inline. Scripts never get one.
 */
export function styleNonce(response: ServerResponse): string {
  let nonce = nonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
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

/**
 * Browser security headers on every response (helmet): the content security policy above,
 * nosniff, a referrer policy that keeps paths on this site, no framing, and HSTS when Laurel is
 * served over https.
 */
export const securityHeadersPlugin = fp<{ config: AppConfig }>(
  async (app: FastifyInstance, { config }) => {
    const https = config.publicUrl.startsWith('https:');
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      // One year; subdomains are the operator's to decide, so they are not included.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    });
  },
);
