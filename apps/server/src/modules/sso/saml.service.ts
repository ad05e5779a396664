/**
 * Company sign-in through SAML 2.0: an organization's identity provider from its metadata (by
 * address, refreshed daily, or pasted), Laurel's service provider metadata to hand to the
 * institution, and refused assertions on the organization's audit trail. The sign-in itself runs
 * in the identity service (the embedded pool's `saml.ts`, or a Cognito SAML provider) and comes
 * back through the same one-time code as OpenID Connect (sso.service.ts).
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';

import { type IdentityAdmin, certificateInfo, parseIdpMetadata } from '@laurel/identity';
import { SAML_CERTIFICATE_WARNING_DAYS } from '@laurel/contract/dashboard';
import { ROLE_LABELS, ROLES } from '@laurel/contract/roles';
import type {
  TSamlStatus,
  TSamlTestResult,
  TSamlTestSignInResult,
  TSamlTestSignInStarted,
  ZSamlSettingsBody,
  ZSamlTestBody,
  ZSamlTestSignInBody,
} from '@laurel/contract/sso';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Auditor } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { type OutboundFetch, PrivateAddressError } from '../../lib/outbound.ts';
import type { SsoRepository, SsoSettingsRecord } from './sso.repository.ts';
import type { PersonRecord } from '../../lib/people.ts';
import { domainOf, mappedRoleOf, providerNameFor } from './sso.service.ts';

/** How often a metadata address is read again. */
export const SAML_METADATA_REFRESH_MS = 24 * 60 * 60_000;
const MAX_METADATA_BYTES = 1_000_000;

/** The metadata of a provider, read: entity id, SSO address, certificates, soonest expiry. */
function readMetadata(xml: string) {
  const metadata = parseIdpMetadata(xml);
  const certificates = metadata.certificates.map(certificateInfo);
  const soonest = certificates.reduce<Date | null>(
    (min, c) => (min === null || c.notAfter < min ? c.notAfter : min),
    null,
  );
  return { metadata, certificates, soonest };
}

/** Reads a metadata address through the private-address guard; throws an Error in plain words. */
async function fetchMetadata(fetchImpl: OutboundFetch, url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
    });
  } catch (error) {
    if (
      error instanceof PrivateAddressError ||
      (error as Error)?.cause instanceof PrivateAddressError
    )
      throw new Error(
        'The metadata address is on a private network, which Laurel does not reach.',
        {
          cause: error,
        },
      );
    throw new Error(`The metadata address ${url} did not answer.`, { cause: error });
  }
  if (!response.ok) throw new Error(`The metadata address ${url} answered ${response.status}.`);
  const text = await response.text();
  if (text.length > MAX_METADATA_BYTES) throw new Error('The metadata is larger than 1 MB.');
  return text;
}

/** Refusals are about no signed-in person: recorded on the organization, without an actor. */
function organizationActor(organizationId: number): Actor {
  return {
    principal: {
      // The audit row has no actor: nobody is known until an assertion is accepted.
      userId: null as unknown as number,
      identityUsername: '',
      email: '',
      roleId: ROLES.USER,
      organizationId,
      isAdmin: false,
      actingOrganizationId: organizationId,
      impersonating: false,
      sessionId: null,
    },
    ip: null,
    requestId: null,
  };
}

export function createSamlService(deps: {
  db: Kysely<Database>;
  sso: SsoRepository;
  audit: Auditor;
  identity: IdentityAdmin;
  outboundFetch: OutboundFetch;
  people: { findPersonByEmail(email: string): Promise<PersonRecord | undefined> };
  publicUrl: string;
}) {
  const { db, sso, audit, identity } = deps;

  async function metadataOf(body: {
    metadata_url?: string | undefined;
    metadata_xml?: string | undefined;
  }) {
    const xml = body.metadata_url
      ? await fetchMetadata(deps.outboundFetch, body.metadata_url)
      : (body.metadata_xml ?? '');
    return { xml, ...readMetadata(xml) };
  }

  return {
    /** Laurel as the organization's service provider, and its identity provider's status. */
    async status(
      settings: SsoSettingsRecord | undefined,
      organizationId: number,
    ): Promise<TSamlStatus> {
      const name = settings?.providerName ?? providerNameFor(organizationId);
      const sp = await identity.samlServiceProvider(name);
      let identityProvider: TSamlStatus['identityProvider'] = null;
      if (settings?.protocol === 'SAML' && settings.samlMetadataXml) {
        try {
          const { metadata, certificates } = readMetadata(settings.samlMetadataXml);
          identityProvider = {
            entityId: metadata.entityId,
            ssoUrl: metadata.ssoUrl,
            metadataUrl: settings.samlMetadataUrl,
            metadataFetchedAt: settings.samlMetadataFetchedAt,
            certificates: certificates.map((c) => ({
              subject: c.subject,
              notAfter: c.notAfter.toISOString(),
              fingerprint: c.fingerprint,
            })),
          };
        } catch {
          identityProvider = null;
        }
      }
      return {
        serviceProvider: {
          entityId: sp.entityId,
          acsUrl: sp.acsUrl,
          metadataUrl: sp.entityId.startsWith('http') ? sp.entityId : '',
          certificate: sp.certificate,
        },
        identityProvider,
      };
    },

    /** Laurel's SP metadata for the organization, to download and hand to the institution. */
    async serviceProviderMetadata(actor: Actor, organizationId: number): Promise<string> {
      requireAccess(actor.principal, 'manage:sso', { organizationId });
      const organization = await sso.organization(organizationId);
      if (!organization) throw notFound();
      const sp = await identity.samlServiceProvider(
        organization.sso?.providerName ?? providerNameFor(organizationId),
      );
      return sp.metadataXml;
    },

    /** Reads the identity provider's metadata (address or pasted) and says what it found. */
    async test(
      actor: Actor,
      organizationId: number,
      body: z.output<typeof ZSamlTestBody>,
    ): Promise<TSamlTestResult> {
      requireAccess(actor.principal, 'manage:sso', { organizationId });
      if (!(await sso.organization(organizationId))) throw notFound();
      try {
        const { metadata, certificates, soonest } = await metadataOf(body);
        const expiring =
          soonest && soonest.getTime() - Date.now() < SAML_CERTIFICATE_WARNING_DAYS * 86_400_000;
        return {
          ok: true,
          message: expiring
            ? `Read: ${metadata.entityId}. A signing certificate expires on ${soonest.toISOString().slice(0, 10)}.`
            : `Read: ${metadata.entityId} signs with ${certificates.length} certificate${certificates.length === 1 ? '' : 's'}.`,
          entityId: metadata.entityId,
          ssoUrl: metadata.ssoUrl,
          certificates: certificates.map((c) => ({
            subject: c.subject,
            notAfter: c.notAfter.toISOString(),
            fingerprint: c.fingerprint,
          })),
        };
      } catch (error) {
        return {
          ok: false,
          message: (error as Error).message,
          entityId: null,
          ssoUrl: null,
          certificates: [],
        };
      }
    },

    /**
     * Starts a test sign-in through the organization's identity provider: the admin goes there
     * and comes back to `returnPath` with the test's id. Nobody is signed in or provisioned.
     */
    async startTestSignIn(
      actor: Actor,
      organizationId: number,
      body: z.output<typeof ZSamlTestSignInBody>,
    ): Promise<TSamlTestSignInStarted> {
      requireAccess(actor.principal, 'manage:sso', { organizationId });
      const organization = await sso.organization(organizationId);
      if (!organization) throw notFound();
      if (organization.sso?.protocol !== 'SAML' || !organization.sso.issuer)
        throw badRequest('Save the identity provider’s metadata before a test sign-in.');
      if (!identity.startSamlTest)
        throw badRequest(
          'A test sign-in needs Laurel’s own identity service; with AWS Cognito, test in the Cognito console.',
        );
      await this.prepareSignIn(organization);
      const { url } = await identity.startSamlTest(
        organization.sso.providerName,
        `${deps.publicUrl}${body.return_path}`,
      );
      return { url };
    },

    /** What a test sign-in received, and what Laurel would do with it. */
    async testSignInResult(
      actor: Actor,
      organizationId: number,
      testId: string,
    ): Promise<TSamlTestSignInResult> {
      requireAccess(actor.principal, 'manage:sso', { organizationId });
      const organization = await sso.organization(organizationId);
      if (!organization?.sso) throw notFound();
      const found = /^[A-Za-z0-9_-]{32}$/.test(testId)
        ? await identity.samlTestOutcome?.(testId)
        : undefined;
      if (!found || found.provider !== organization.sso.providerName)
        throw notFound('This test sign-in has not come back, or is more than ten minutes old.');
      const none = { nameId: null, nameIdFormat: null, attributes: {}, email: null };
      if (!found.ok)
        return {
          accepted: false,
          refusal: found.reason,
          ...none,
          firstName: null,
          lastName: null,
          groups: [],
          role: null,
          outcome: `Laurel refuses this answer: ${found.reason}.`,
        };
      const { signIn } = found;
      const claims = signIn.claims;
      const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
      const groups = Array.isArray(claims.groups)
        ? claims.groups.filter((g): g is string => typeof g === 'string')
        : [];
      const email = signIn.email || null;
      const settings = organization.sso;
      const person = email ? await deps.people.findPersonByEmail(email) : undefined;
      const mapped = mappedRoleOf(settings, groups);
      let refusal: string | null = null;
      let outcome: string;
      let role: string | null = ROLE_LABELS[mapped];
      if (!email) refusal = 'the assertion shares no e-mail address';
      else if (!settings.emailDomains.includes(domainOf(email)))
        refusal = `${email} is not at ${settings.emailDomains.join(', ') || 'one of its domains'}`;
      else if (person && person.organizationId !== organizationId)
        refusal = `${email} belongs to another organization`;
      else if (person && !person.active) refusal = `${email} is deactivated`;
      else if (!person && !settings.jitEnabled)
        refusal = `${email} is not invited, and people are not created at their first sign-in`;
      if (refusal) outcome = `Laurel would refuse the sign-in: ${refusal}.`;
      else if (person) {
        role = ROLE_LABELS[person.roleId];
        outcome = `Laurel would sign in ${email}, ${person.invited ? 'accepting their invitation as' : 'who is'} ${role}.`;
      } else outcome = `Laurel would create ${email} as ${role} at this first sign-in.`;
      return {
        accepted: true,
        refusal,
        nameId: signIn.received.nameId || null,
        nameIdFormat: signIn.received.nameIdFormat,
        attributes: signIn.received.attributes,
        email,
        firstName: text(claims.given_name),
        lastName: text(claims.family_name),
        groups,
        role: refusal ? null : role,
        outcome,
      };
    },

    /** Saves SAML company sign-in for the organization (it replaces an OIDC provider). */
    async save(
      actor: Actor,
      organizationId: number,
      body: z.output<typeof ZSamlSettingsBody>,
    ): Promise<void> {
      requireAccess(actor.principal, 'manage:sso', { organizationId });
      const organization = await sso.organization(organizationId);
      if (!organization) throw notFound();
      let read;
      try {
        read = await metadataOf(body);
      } catch (error) {
        const message = (error as Error).message;
        throw badRequest(
          message,
          body.metadata_url ? { metadata_url: message } : { metadata_xml: message },
        );
      }
      const domains = [...new Set(body.email_domains)];
      const taken = await sso.claimedElsewhere(organizationId, domains);
      if (taken.length > 0) {
        const list = taken.map((t) => `${t.domain} (${t.organizationName})`).join(', ');
        const message = `These domains already belong to another organization: ${list}`;
        throw conflict(message, { email_domains: message });
      }
      const providerName = organization.sso?.providerName ?? providerNameFor(organizationId);
      // The identity service first (outside the transaction, see ARCHITECTURE "Hazards").
      await identity.upsertSamlProvider({
        name: providerName,
        metadataXml: read.xml,
        metadataUrl: body.metadata_url ?? null,
      });
      if (organization.sso?.protocol === 'OIDC')
        await identity.deleteIdentityProvider(providerName);
      await db.transaction().execute(async (trx) => {
        await sso.save(trx, {
          organizationId,
          providerName,
          protocol: 'SAML',
          issuer: read.metadata.entityId,
          clientId: '',
          hasClientSecret: false,
          jitEnabled: body.jit_enabled,
          jitRoleId: body.jit_role_id,
          adminValues: body.admin_values,
          samlMetadataUrl: body.metadata_url ?? null,
          issuerChanged: organization.sso?.issuer !== read.metadata.entityId,
          emailDomains: domains,
        });
        const changes = [
          `SAML identity provider ${read.metadata.entityId}`,
          body.metadata_url ? `metadata from ${body.metadata_url}` : 'metadata pasted',
          `domains ${domains.join(', ')}`,
          `just-in-time ${body.jit_enabled ? `on (${ROLE_LABELS[body.jit_role_id]})` : 'off'}`,
          ...(body.admin_values.length > 0
            ? [`Organization Admin for ${body.admin_values.join(', ')}`]
            : []),
        ];
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'organization',
          resourceId: organizationId,
          organizationId,
          summary: `Company sign-in of ${organization.name}: ${changes.join('; ')}`,
        });
      });
      await sso.recordSamlMetadata(organizationId, {
        xml: read.xml,
        fetchedAt: new Date(),
        certificateExpiresAt: read.soonest,
      });
    },

    /**
     * Reads again every metadata address not read for a day (housekeeping); a provider whose
     * address fails keeps its last metadata, and the failure is logged by the caller.
     */
    async refreshDue(now = new Date()): Promise<Array<{ organizationId: number; error: string }>> {
      const failures: Array<{ organizationId: number; error: string }> = [];
      for (const due of await sso.samlMetadataDue(
        new Date(now.getTime() - SAML_METADATA_REFRESH_MS),
      )) {
        try {
          const xml = await fetchMetadata(deps.outboundFetch, due.url);
          const { soonest } = readMetadata(xml);
          await identity.upsertSamlProvider({
            name: due.providerName,
            metadataXml: xml,
            metadataUrl: due.url,
          });
          await sso.recordSamlMetadata(due.organizationId, {
            xml,
            fetchedAt: now,
            certificateExpiresAt: soonest,
          });
        } catch (error) {
          failures.push({ organizationId: due.organizationId, error: (error as Error).message });
        }
      }
      return failures;
    },

    /** Reads the organization's metadata address when it was not read for a day (or never). */
    async prepareSignIn(organization: {
      id: number;
      sso: SsoSettingsRecord | undefined;
    }): Promise<void> {
      const settings = organization.sso;
      if (settings?.protocol !== 'SAML' || !settings.samlMetadataUrl) return;
      const fetchedAt = settings.samlMetadataFetchedAt
        ? Date.parse(settings.samlMetadataFetchedAt)
        : 0;
      if (Date.now() - fetchedAt < SAML_METADATA_REFRESH_MS) return;
      try {
        const xml = await fetchMetadata(deps.outboundFetch, settings.samlMetadataUrl);
        const { metadata, soonest } = readMetadata(xml);
        await identity.upsertSamlProvider({
          name: settings.providerName,
          metadataXml: xml,
          metadataUrl: settings.samlMetadataUrl,
        });
        if (settings.issuer !== metadata.entityId)
          await sso.setIssuer(organization.id, metadata.entityId);
        await sso.recordSamlMetadata(organization.id, {
          xml,
          fetchedAt: new Date(),
          certificateExpiresAt: soonest,
        });
      } catch {
        // The last metadata read stays in use; the daily refresh logs what failed.
      }
    },

    /** A SAML answer the identity service refused: on the organization's audit trail, with why. */
    async recordRefusal(input: { provider: string; reason: string }): Promise<void> {
      const organizationId = await sso.organizationIdForProvider(input.provider);
      if (organizationId === undefined) return;
      const organization = await sso.organization(organizationId);
      await audit(db, organizationActor(organizationId), {
        type: 'SIGN_IN_FAILED',
        resourceType: 'organization',
        resourceId: organizationId,
        organizationId,
        summary: `Company sign-in (SSO, SAML 2.0) to ${organization?.name ?? input.provider} refused: ${input.reason}`,
      });
    },
  };
}
export type SamlService = ReturnType<typeof createSamlService>;
