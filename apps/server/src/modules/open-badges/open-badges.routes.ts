import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';

import { ZErrorResponse } from '@laurel/contract/errors';
import {
  VERIFY_MAX_BYTES,
  ZAwardBadge,
  ZAwardBadges,
  ZAwardBadgesQuery,
  ZCredentialIssuing,
  ZCredentialIssuingBody,
  ZIssueBody,
  ZIssueQueued,
  ZOrganizationIssuing,
  ZOrganizationIssuingBody,
  ZRevokeBody,
  ZVerificationReport,
  ZVerifyBody,
} from '@laurel/contract/open-badges';
import { ZIdParams } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import type { TLanguage } from '@laurel/contract/profile';

import { actorOf } from '../../lib/actor.ts';
import { apiMessage, requestLanguage } from '../../lib/i18n.ts';
import { styleNonce } from '../../plugins/security-headers.ts';
import { OB_V3_CONTEXT, VC_V2_CONTEXT } from './contexts.ts';
import type { Issuer } from './issuer.ts';
import type { OpenBadgesRepository } from './open-badges.repository.ts';
import type { OpenBadgesService } from './open-badges.service.ts';
import { achievementOf } from './signing.ts';
import type { Verify } from './verification.ts';
import { inputProblem } from '../../plugins/input-guard.ts';
import type { OutcomeSummaryReader } from '../insights/outcome-summary.ts';
import {
  refusalOf,
  renderCheckPage,
  renderNotFoundPage,
  renderVerifyPage,
  VERIFY_SCRIPT,
} from './verify-page.ts';

/**
 * The input guard's refusal of a pasted credential in a language: its message from the API
 * catalogue, after the path of the value it is about (`credentialSubject.name: …`).
 */
function problemIn(problem: string, language: TLanguage): string {
  for (let at = -2; at !== -1; at = problem.indexOf(': ', at + 2)) {
    const message = apiMessage(problem.slice(at + 2), language);
    if (message.key) return `${problem.slice(0, at + 2)}${message.message}`;
  }
  return problem;
}

/** Anyone may verify; a few times a second per address is plenty for a person or a script. */
const VERIFY_RATE_LIMIT = { points: 60, seconds: 60 };
const VERIFY_PAGE_RATE_LIMIT = { points: 120, seconds: 60 };
/** A pasted credential, form-encoded: up to three bytes for each of the credential's. */
const VERIFY_FORM_MAX_BYTES = VERIFY_MAX_BYTES * 3 + 1024;
const PUBLIC_ID = /^[a-z2-9]{20}$/;
const ZPublicIdParams = z.strictObject({ publicId: z.string().max(64) });
const ZVerificationParams = z.strictObject({ verificationId: z.string().max(64) });

export const openBadgesRoutes: FastifyPluginAsyncZod<{
  service: OpenBadgesService;
  repository: OpenBadgesRepository;
  issuer: () => Promise<Issuer>;
  verify: Verify;
  outcomes: OutcomeSummaryReader;
}> = async (app, { service, repository, issuer, verify, outcomes }) => {
  const tags = ['signed credentials'];
  const security = [{ bearer: [] }];
  const errors = {
    400: ZErrorResponse,
    403: ZErrorResponse,
    404: ZErrorResponse,
    409: ZErrorResponse,
  };

  app.get(
    API_PATHS.organizationIssuing(':id'),
    {
      schema: {
        tags,
        security,
        summary: "An organization's issuing of signed credentials",
        params: ZIdParams,
        response: { 200: ZOrganizationIssuing, ...errors },
      },
    },
    async (request) => service.organizationIssuing(request.principal!, request.params.id),
  );
  app.put(
    API_PATHS.organizationIssuing(':id'),
    {
      schema: {
        tags,
        security,
        summary: 'Allow or stop signed credentials for an organization (platform admins)',
        params: ZIdParams,
        body: ZOrganizationIssuingBody,
        response: { 200: ZOrganizationIssuing, ...errors },
      },
    },
    async (request) =>
      service.setOrganizationIssuing(
        actorOf(request),
        request.params.id,
        request.body.issuingAllowed,
      ),
  );
  app.get(
    API_PATHS.credentialIssuing(':id'),
    {
      config: { apiKeyScopes: ['credentials:read', 'verifiable:issue'] },
      schema: {
        tags,
        security,
        summary: "A credential's signed credentials: turned on or not, and counts",
        params: ZIdParams,
        response: { 200: ZCredentialIssuing, ...errors },
      },
    },
    async (request) => service.credentialIssuing(request.principal!, request.params.id),
  );
  app.put(
    API_PATHS.credentialIssuing(':id'),
    {
      schema: {
        tags,
        security,
        summary: "Turn the signed credentials of a credential's awards on or off",
        params: ZIdParams,
        body: ZCredentialIssuingBody,
        response: { 200: ZCredentialIssuing, ...errors },
      },
    },
    async (request) =>
      service.setCredentialIssuing(actorOf(request), request.params.id, request.body),
  );
  app.post(
    API_PATHS.credentialIssue(':id'),
    {
      config: { apiKeyScopes: ['verifiable:issue'] },
      schema: {
        tags,
        security,
        summary: "Issue signed credentials for all of a credential's awards, or those selected",
        params: ZIdParams,
        body: ZIssueBody,
        response: { 202: ZIssueQueued, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await service.issue(actorOf(request), request.params.id, request.body.awardIds)),
  );
  app.get(
    API_PATHS.credentialAwardBadges(':id'),
    {
      config: { apiKeyScopes: ['awards:read', 'verifiable:issue'] },
      schema: {
        tags,
        security,
        summary: 'The signed credential state of some of a credential’s awards',
        params: ZIdParams,
        querystring: ZAwardBadgesQuery,
        response: { 200: ZAwardBadges, ...errors },
      },
    },
    async (request) => ({
      items: await service.awardBadges(
        request.principal!,
        request.params.id,
        request.query.awardIds.split(',').map(Number),
      ),
    }),
  );
  app.post(
    API_PATHS.awardBadgeRevoke(':id'),
    {
      config: { apiKeyScopes: ['verifiable:issue'] },
      schema: {
        tags,
        security,
        summary: "Revoke an award's signed credential, with the reason",
        params: ZIdParams,
        body: ZRevokeBody,
        response: { 200: ZAwardBadge, ...errors },
      },
    },
    async (request) => service.revoke(actorOf(request), request.params.id, request.body.reason),
  );
  app.post(
    API_PATHS.awardBadgeSend(':id'),
    {
      config: { apiKeyScopes: ['verifiable:issue'] },
      schema: {
        tags,
        security,
        summary: "E-mail the holder the link of the award's signed credential again",
        params: ZIdParams,
        response: { 200: ZAwardBadge, ...errors, 502: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (request) => service.send(actorOf(request), request.params.id),
  );

  app.post(
    API_PATHS.verify,
    {
      bodyLimit: VERIFY_MAX_BYTES,
      config: { public: true, rateLimit: VERIFY_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Verify an Open Badges 3.0 / Verifiable Credential 2.0 credential (anyone)',
        body: ZVerifyBody,
        response: {
          200: ZVerificationReport,
          400: ZErrorResponse,
          413: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => verify(request.body),
  );

  // Public documents: the issuer's DID document and profile, status lists, credential pages.
  const publicJson = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=60' };

  app.get(
    '/issuers/:publicId/did.json',
    { config: { public: true }, schema: { hide: true, params: ZPublicIdParams } },
    async (request, reply) => {
      const found = PUBLIC_ID.test(request.params.publicId)
        ? await repository.issuerByPublicId(request.params.publicId)
        : null;
      if (!found) return reply.status(404).send({ message: 'No issuer has this address.' });
      const document = await (await issuer()).didDocumentOf(found.organizationId, found.publicId);
      return reply
        .headers(publicJson)
        .type('application/did+ld+json')
        .send(JSON.stringify(document));
    },
  );
  app.get(
    '/issuers/:publicId',
    { config: { public: true }, schema: { hide: true, params: ZPublicIdParams } },
    async (request, reply) => {
      const found = PUBLIC_ID.test(request.params.publicId)
        ? await repository.issuerByPublicId(request.params.publicId)
        : null;
      if (!found) return reply.status(404).send({ message: 'No issuer has this address.' });
      const profile = await (await issuer()).profileOf(found.organizationId, found.publicId);
      return reply
        .headers(publicJson)
        .type('application/json')
        .send(
          JSON.stringify({
            '@context': [
              'https://www.w3.org/ns/credentials/v2',
              'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
            ],
            ...profile,
          }),
        );
    },
  );
  app.get(
    '/issuers/:publicId/achievements/:credentialId',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: z.strictObject({
          publicId: z.string().max(64),
          credentialId: z.string().regex(/^\d{1,12}$/),
        }),
      },
    },
    async (request, reply) => {
      const found = PUBLIC_ID.test(request.params.publicId)
        ? await repository.issuerByPublicId(request.params.publicId)
        : null;
      const credential = found
        ? await repository.credential(Number(request.params.credentialId))
        : null;
      if (!found || !credential || credential.organizationId !== found.organizationId)
        return reply.status(404).send({ message: 'No achievement has this address.' });
      const issuing = await issuer();
      const achievement = achievementOf({
        id: issuing.addresses.achievement(found.publicId, credential.id),
        name: credential.name,
        description: credential.description,
        typeCode: credential.typeCode,
        issuerName: found.name,
      });
      return reply
        .headers(publicJson)
        .type('application/json')
        .send(
          JSON.stringify({
            '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
            ...achievement,
            creator: await issuing.profileOf(found.organizationId, found.publicId),
          }),
        );
    },
  );
  app.get(
    '/status-lists/:publicId',
    { config: { public: true }, schema: { hide: true, params: ZPublicIdParams } },
    async (request, reply) => {
      const document = PUBLIC_ID.test(request.params.publicId)
        ? await repository.statusListByPublicId(request.params.publicId)
        : null;
      if (!document) return reply.status(404).send({ message: 'No status list has this address.' });
      return reply
        .headers({ ...publicJson, 'cache-control': 'public, max-age=30' })
        .type('application/vc+ld+json')
        .send(document);
    },
  );

  const issuedOf = async (verificationId: string) =>
    PUBLIC_ID.test(verificationId) ? repository.issuedByVerificationId(verificationId) : null;

  app.get(
    '/verify/:verificationId/credential.json',
    { config: { public: true }, schema: { hide: true, params: ZVerificationParams } },
    async (request, reply) => {
      const issued = await issuedOf(request.params.verificationId);
      if (!issued) return reply.status(404).send({ message: 'No credential has this address.' });
      return reply
        .headers({
          'access-control-allow-origin': '*',
          'cache-control': 'no-store',
          'content-disposition': `attachment; filename="credential-${issued.verificationId}.json"`,
        })
        .type('application/vc+ld+json')
        .send(issued.document);
    },
  );
  app.get(
    '/verify/:verificationId/qr.svg',
    { config: { public: true }, schema: { hide: true, params: ZVerificationParams } },
    async (request, reply) => {
      const issued = await issuedOf(request.params.verificationId);
      if (!issued) return reply.status(404).send({ message: 'No credential has this address.' });
      const url = (await issuer()).addresses.verification(issued.verificationId);
      const svg = (await QRCode.toString(url, { type: 'svg', margin: 1 })) as string;
      return reply
        .headers({ 'cache-control': 'public, max-age=86400' })
        .type('image/svg+xml')
        .send(svg);
    },
  );
  app.get(
    '/verify-assets/verify.js',
    { config: { public: true }, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .headers({ 'cache-control': 'public, max-age=3600' })
        .type('text/javascript; charset=utf-8')
        .send(VERIFY_SCRIPT),
  );
  // The public pages are in the request's language (its `Accept-Language`), so they vary by it;
  // none is stored by a cache anyway.
  const PAGE_HEADERS = { 'cache-control': 'no-store', vary: 'Accept-Language' };
  // `/verify`: anyone checks a credential file, pasted or chosen; a plain form, so that it works
  // without the page's script. Nothing sent is stored.
  const html = (reply: FastifyReply, page: string, status = 200) =>
    reply.status(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(page);
  app.register(async (form) => {
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: VERIFY_FORM_MAX_BYTES },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    form.get(
      '/verify',
      { config: { public: true }, schema: { hide: true } },
      async (request, reply) =>
        html(
          reply,
          renderCheckPage({ nonce: styleNonce(reply.raw), language: requestLanguage(request) }),
        ),
    );
    form.post(
      '/verify',
      {
        bodyLimit: VERIFY_FORM_MAX_BYTES,
        config: { public: true, rateLimit: VERIFY_RATE_LIMIT },
        schema: { hide: true },
      },
      async (request, reply) => {
        const nonce = styleNonce(reply.raw);
        const language = requestLanguage(request);
        const pasted =
          request.body instanceof URLSearchParams ? (request.body.get('credential') ?? '') : '';
        const refuse = (
          key: Parameters<typeof refusalOf>[1],
          values?: Parameters<typeof refusalOf>[2],
        ) =>
          html(
            reply,
            renderCheckPage({ nonce, language, pasted, error: refusalOf(language, key, values) }),
            400,
          );
        if (!pasted.trim()) return refuse('refusal.empty');
        if (Buffer.byteLength(pasted) > VERIFY_MAX_BYTES)
          return refuse('refusal.tooLarge', { kilobytes: VERIFY_MAX_BYTES / 1024 });
        let document: unknown;
        try {
          document = JSON.parse(pasted);
        } catch {
          return refuse('refusal.notJson');
        }
        if (typeof document !== 'object' || document === null || Array.isArray(document))
          return refuse('refusal.notObject');
        const problem = inputProblem(document);
        if (problem) return refuse('refusal.unreadable', { problem: problemIn(problem, language) });
        return html(
          reply,
          renderCheckPage({
            nonce,
            language,
            pasted,
            report: await verify(document as Record<string, unknown>),
          }),
        );
      },
    );
  });

  app.get(
    '/verify/:verificationId',
    {
      // Each view checks the credential afresh (a few milliseconds of signature checks).
      config: { public: true, rateLimit: VERIFY_PAGE_RATE_LIMIT },
      schema: { hide: true, params: ZVerificationParams },
    },
    async (request, reply) => {
      const nonce = styleNonce(reply.raw);
      const language = requestLanguage(request);
      const issued = await issuedOf(request.params.verificationId);
      if (!issued)
        return reply
          .status(404)
          .headers(PAGE_HEADERS)
          .type('text/html; charset=utf-8')
          .send(renderNotFoundPage(nonce, language));
      const issuing = await issuer();
      const document = JSON.parse(issued.document) as { issuer?: { name?: string; url?: string } };
      const [report, credential] = await Promise.all([
        verify(document),
        repository.credential(issued.credentialId),
      ]);
      const issuerName = document.issuer?.name ?? '';
      return reply
        .headers(PAGE_HEADERS)
        .type('text/html; charset=utf-8')
        .send(
          renderVerifyPage({
            language,
            url: issuing.addresses.verification(issued.verificationId),
            holderName: issued.holderName,
            achievementName: issued.achievementName,
            issuerName,
            issuerUrl: document.issuer?.url ?? '',
            awardDate: issued.awardDate,
            verificationId: issued.verificationId,
            report,
            nonce,
            revoked:
              issued.status === 'REVOKED' && issued.revokedAt
                ? { on: issued.revokedAt.slice(0, 10), by: issuerName }
                : null,
            outcomes: credential?.showOutcomes
              ? await outcomes(issued.organizationId, issued.credentialId)
              : null,
          }),
        );
    },
  );
};
