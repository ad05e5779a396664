import { createHash, randomBytes } from 'node:crypto';

import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';

import {
  discoverIssuer,
  type EventOrigin,
  type FederatedSignIn,
  FederationRefusal,
  type IdentityAdmin,
  isAllowedIssuer,
} from '@laurel/identity';
import { SSO_MESSAGES } from '@laurel/contract/messages';
import { can } from '@laurel/contract/permissions';
import { ROLE_LABELS, ROLES, type RoleId } from '@laurel/contract/roles';
import type {
  TCallbackResult,
  TCheckFederatedResult,
  TSamlStatus,
  TSsoSettings,
  TSsoSettingsBody,
  TSsoTestResult,
} from '@laurel/contract/sso';
import type { z } from 'zod';
import type { ZSsoSettingsBody } from '@laurel/contract/sso';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { NewPerson, PersonRecord } from '../../lib/people.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AccountEventRecorder, Auditor } from '../../lib/audit.ts';
import { type IdTokenClaims, sessionIdOf } from '../../plugins/auth.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { SsoIntegration } from './sso-integration.ts';
import type { OrganizationSignIn, SsoRepository } from './sso.repository.ts';
import { type OutboundFetch, PrivateAddressError } from '../../lib/outbound.ts';

/** How long the app waits for a person to come back from their company's sign-in page. */
const LOGIN_STATE_TTL_MS = 15 * 60_000;

/** Whether the error, or one of its causes, is an instance of `type`. */
function hasCause(error: unknown, type: new (...args: never[]) => Error): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof type) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Role mapping of a person provisioned at their first company sign-in: an affiliation or group
 * value the organization names makes an Organization Admin, as does its default role.
 */
export function mappedRoleOf(
  settings: { adminValues: readonly string[]; jitRoleId: number },
  groups: readonly string[],
): RoleId {
  const mappedAdmin = settings.adminValues.some((value) =>
    groups.some((g) => g.toLowerCase() === value.toLowerCase()),
  );
  return mappedAdmin || settings.jitRoleId === ROLES.ORGANIZATION_ADMIN
    ? ROLES.ORGANIZATION_ADMIN
    : ROLES.USER;
}
export const providerNameFor = (organizationId: number) => `org-${organizationId}`;

/** An organization signs in through its company provider: login mode SSO with settings saved. */
export function isFederatedOrganization(organization: OrganizationSignIn | undefined): boolean {
  return organization?.loginMode === 'SSO' && organization.sso !== undefined;
}

/**
 * What federated sign-in needs of the people records. The invitations module's repository
 * provides it; `app.ts` wires the two, so neither module imports the other's repository.
 */
export interface PeopleDirectory {
  findPersonByEmail(email: string): Promise<PersonRecord | undefined>;
  findPersonByUsername(identityUsername: string): Promise<PersonRecord | undefined>;
  insertPerson(executor: Kysely<Database>, person: NewPerson): Promise<number>;
  linkIdentity(userId: number, identityUsername: string): Promise<void>;
  setInvited(executor: Kysely<Database>, userId: number, invited: boolean): Promise<void>;
  acceptPending(executor: Kysely<Database>, userId: number, now: Date): Promise<void>;
}

export function createSsoService(deps: {
  db: Kysely<Database>;
  sso: SsoRepository;
  people: PeopleDirectory;
  audit: Auditor;
  identity: IdentityAdmin;
  integration: SsoIntegration | undefined;
  /** How the connection test reaches an issuer (refusing private addresses unless allowed). */
  outboundFetch: OutboundFetch;
  recordAccountEvent: AccountEventRecorder;
  /**
   * Before a sign-in starts: a SAML provider's metadata address not read for a day (or never, as
   * the demo world's) is read now.
   */
  prepareSignIn?: (organization: OrganizationSignIn) => Promise<void>;
  /** Laurel as the organization's SAML service provider and its identity provider's status. */
  samlStatus?: (
    settings: OrganizationSignIn['sso'],
    organizationId: number,
  ) => Promise<TSamlStatus>;
}) {
  const { db, sso, people, audit, identity, integration, recordAccountEvent } = deps;

  function toContract(organizationId: number, settings: OrganizationSignIn['sso']): TSsoSettings {
    return {
      organizationId,
      configured: settings !== undefined,
      providerName: settings?.providerName ?? providerNameFor(organizationId),
      issuer: settings?.issuer ?? '',
      clientId: settings?.clientId ?? '',
      hasClientSecret: settings?.hasClientSecret ?? false,
      emailDomains: settings?.emailDomains ?? [],
      jitEnabled: settings?.jitEnabled ?? false,
      jitRoleId:
        settings?.jitRoleId === ROLES.ORGANIZATION_ADMIN ? ROLES.ORGANIZATION_ADMIN : ROLES.USER,
      callbackUrl: integration?.providerRedirectUrl ?? '',
      updatedAt: settings?.updatedAt ?? null,
      protocol: settings?.protocol ?? 'OIDC',
      adminValues: settings?.adminValues ?? [],
      saml: null,
    };
  }

  async function requireOrganization(organizationId: number) {
    const organization = await sso.organization(organizationId);
    if (!organization) throw notFound();
    return organization;
  }

  /** Where to send the browser for a company sign-in into this organization. */
  async function startSignIn(organizationId: number, loginHint?: string): Promise<string> {
    const organization = await sso.organization(organizationId);
    if (!integration || !organization?.sso || !isFederatedOrganization(organization))
      throw badRequest(SSO_MESSAGES.notAvailable);
    await deps.prepareSignIn?.(organization);
    const state = randomBytes(32).toString('base64url');
    const codeVerifier = randomBytes(48).toString('base64url');
    await sso.createLoginState({
      stateHash: sha256(state),
      organizationId,
      codeVerifier,
      expiresAt: new Date(Date.now() + LOGIN_STATE_TTL_MS),
    });
    const url = new URL(integration.authorizeUrl);
    url.search = new URLSearchParams({
      identity_provider: organization.sso.providerName,
      client_id: integration.clientId,
      response_type: 'code',
      redirect_uri: integration.callbackUrl,
      scope: 'openid email profile aws.cognito.signin.user.admin',
      state,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...(loginHint ? { login_hint: loginHint } : {}),
    }).toString();
    return url.toString();
  }

  function actorFor(person: PersonRecord): Actor {
    return {
      principal: {
        userId: person.id,
        identityUsername: person.identityUsername ?? '',
        email: person.email,
        roleId: person.roleId,
        organizationId: person.organizationId,
        isAdmin: false,
        actingOrganizationId: person.organizationId,
        impersonating: false,
        sessionId: null,
      },
      ip: null,
      requestId: null,
    };
  }

  /**
   * Who may come in through an organization's provider (the identity service asks before it
   * issues tokens): a person of that organization, with an e-mail at one of its domains, active,
   * invited or provisioned just in time when the organization allows it.
   */
  async function admitFederatedPerson(input: FederatedSignIn): Promise<void> {
    const organizationId = await sso.organizationIdForProvider(input.provider);
    const organization = organizationId ? await sso.organization(organizationId) : undefined;
    if (!organization?.sso || !isFederatedOrganization(organization))
      throw new FederationRefusal(SSO_MESSAGES.notAvailable);
    const email = input.email.toLowerCase();
    const via = `company sign-in (SSO, ${organization.sso.protocol === 'SAML' ? 'SAML 2.0' : 'OpenID Connect'})`;
    if (!organization.sso.emailDomains.includes(domainOf(email)))
      throw new FederationRefusal(SSO_MESSAGES.otherDomain(email, organization.name));

    const person = await people.findPersonByEmail(email);
    if (person) {
      /** A known person refused: on their organization's audit trail, then back to the app. */
      const refuse = async (why: string, message: string): Promise<never> => {
        await audit(db, actorFor(person), {
          type: 'SIGN_IN_FAILED',
          resourceType: 'user',
          resourceId: person.id,
          organizationId: person.organizationId,
          summary: `Sign-in of ${email} with ${via} refused: ${why}`,
        });
        throw new FederationRefusal(message);
      };
      if (person.organizationId !== organization.id)
        await refuse(
          `the address belongs to another organization than ${organization.name}`,
          SSO_MESSAGES.otherOrganization(email),
        );
      if (!person.active) await refuse('the account is deactivated', SSO_MESSAGES.deactivated);
      const existing = await identity.getUserByEmail(email);
      if (existing && !existing.enabled)
        await refuse('the account is deactivated', SSO_MESSAGES.deactivated);
      if (!existing || existing.username !== person.identityUsername) {
        // The Laurel user has no identity of this e-mail (made before company sign-in): link one.
        const username =
          existing?.username ??
          (
            await identity.createUser({
              email,
              federated: true,
              attributes: { given_name: person.firstName, family_name: person.lastName },
            })
          ).username;
        await people.linkIdentity(person.id, username);
      }
      if (person.invited) {
        // Coming in through the company provider accepts the invitation.
        await db.transaction().execute(async (trx) => {
          await people.setInvited(trx, person.id, false);
          await people.acceptPending(trx, person.id, new Date());
          await audit(trx, actorFor(person), {
            type: 'INVITE',
            resourceType: 'user',
            resourceId: person.id,
            organizationId: person.organizationId,
            summary: `Invitation of ${email} accepted through ${via}`,
          });
        });
      }
      return;
    }

    if (!organization.sso.jitEnabled) throw new FederationRefusal(SSO_MESSAGES.notInvited(email));
    const groups = Array.isArray(input.claims.groups)
      ? input.claims.groups.filter((g): g is string => typeof g === 'string')
      : [];
    const roleId = mappedRoleOf(organization.sso, groups);
    const firstName = typeof input.claims.given_name === 'string' ? input.claims.given_name : '';
    const lastName = typeof input.claims.family_name === 'string' ? input.claims.family_name : '';
    const existing = await identity.getUserByEmail(email);
    if (existing && !existing.enabled) throw new FederationRefusal(SSO_MESSAGES.deactivated);
    const username =
      existing?.username ??
      (
        await identity.createUser({
          email,
          federated: true,
          attributes: { given_name: firstName, family_name: lastName },
        })
      ).username;
    try {
      await db.transaction().execute(async (trx) => {
        const id = await people.insertPerson(trx, {
          organizationId: organization.id,
          identityUsername: username,
          email,
          firstName,
          lastName,
          roleId,
          invited: false,
        });
        await audit(
          trx,
          actorFor({
            id,
            organizationId: organization.id,
            identityUsername: username,
            email,
            firstName,
            lastName,
            roleId,
            active: true,
            invited: false,
          }),
          {
            type: 'CREATE',
            resourceType: 'user',
            resourceId: id,
            organizationId: organization.id,
            summary: `User ${email} created at first ${via} (just-in-time, ${ROLE_LABELS[roleId]})`,
          },
        );
      });
    } catch (error) {
      if (!existing) await identity.deleteUser(username).catch(() => undefined);
      throw error;
    }
  }

  integration?.setSignInHandler?.(admitFederatedPerson);

  /** Whether an issuer publishes the endpoints company sign-in needs (OIDC discovery). */
  async function probeIssuer(issuer: string): Promise<TSsoTestResult> {
    try {
      const config = await discoverIssuer(
        issuer.replace(/\/+$/, ''),
        'laurel-connection-test',
        null,
        deps.outboundFetch,
      );
      const metadata = config.serverMetadata();
      const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter(
        (key) => !metadata[key],
      );
      if (missing.length > 0)
        return {
          ok: false,
          message: `The discovery document of ${metadata.issuer} lacks ${missing.join(', ')}.`,
          authorizationEndpoint: metadata.authorization_endpoint ?? null,
          tokenEndpoint: metadata.token_endpoint ?? null,
        };
      return {
        ok: true,
        message: `Connected: ${metadata.issuer} publishes its sign-in endpoints.`,
        authorizationEndpoint: metadata.authorization_endpoint ?? null,
        tokenEndpoint: metadata.token_endpoint ?? null,
      };
    } catch (error) {
      // One message for every host that does not answer properly, so that the test cannot be
      // used to probe which addresses and ports exist behind Laurel's server.
      return {
        ok: false,
        message: hasCause(error, PrivateAddressError)
          ? SSO_MESSAGES.privateIssuer
          : SSO_MESSAGES.unreachableIssuer(issuer),
        authorizationEndpoint: null,
        tokenEndpoint: null,
      };
    }
  }

  return {
    startSignIn,
    admitFederatedPerson,

    /** How an organization's people sign in: its login mode and company provider, if any. */
    organizationSignIn(organizationId: number): Promise<OrganizationSignIn | undefined> {
      return sso.organization(organizationId);
    },

    async getSettings(actor: Actor, organizationId: number): Promise<TSsoSettings> {
      // Platform admins, as ever, and the organization's own admins (its SAML sign-in is theirs
      // to manage); anyone else is answered as before.
      if (!can(actor.principal, 'manage:sso', { organizationId }))
        requireAccess(actor.principal, 'update:organization', { organizationId });
      const organization = await requireOrganization(organizationId);
      return {
        ...toContract(organizationId, organization.sso),
        saml: deps.samlStatus ? await deps.samlStatus(organization.sso, organizationId) : null,
      };
    },

    async saveSettings(
      actor: Actor,
      organizationId: number,
      body: z.output<typeof ZSsoSettingsBody>,
    ): Promise<TSsoSettings> {
      requireAccess(actor.principal, 'update:organization', { organizationId });
      const organization = await requireOrganization(organizationId);
      if (!isAllowedIssuer(body.issuer))
        throw badRequest(SSO_MESSAGES.issuerNotAllowed, { issuer: SSO_MESSAGES.issuerHttps });
      const domains = [...new Set(body.email_domains)];
      const taken = await sso.claimedElsewhere(organizationId, domains);
      if (taken.length > 0) {
        const list = taken.map((t) => `${t.domain} (${t.organizationName})`).join(', ');
        throw conflict(SSO_MESSAGES.domainsClaimed(list), {
          email_domains: SSO_MESSAGES.domainsClaimed(list),
        });
      }
      const providerName = organization.sso?.providerName ?? providerNameFor(organizationId);
      const secret =
        body.client_secret === undefined
          ? undefined
          : body.client_secret === ''
            ? null
            : body.client_secret;
      const hasClientSecret =
        secret === undefined ? (organization.sso?.hasClientSecret ?? false) : secret !== null;
      // The identity service first (outside the transaction, see ARCHITECTURE "Hazards").
      await identity.upsertIdentityProvider({
        name: providerName,
        issuer: body.issuer,
        clientId: body.client_id,
        clientSecret: secret,
      });
      if (organization.sso?.protocol === 'SAML') await identity.deleteSamlProvider(providerName);
      try {
        await db.transaction().execute(async (trx) => {
          await sso.save(trx, {
            organizationId,
            providerName,
            issuer: body.issuer,
            clientId: body.client_id,
            hasClientSecret,
            jitEnabled: body.jit_enabled,
            jitRoleId: body.jit_role_id,
            protocol: 'OIDC',
            samlMetadataUrl: null,
            adminValues: organization.sso?.adminValues ?? [],
            issuerChanged: organization.sso?.issuer !== body.issuer,
            emailDomains: domains,
          });
          const changes = [
            `issuer ${body.issuer}`,
            `client ${body.client_id}`,
            `domains ${domains.join(', ')}`,
            `just-in-time ${body.jit_enabled ? `on (${ROLE_LABELS[body.jit_role_id]})` : 'off'}`,
            ...(secret === undefined
              ? []
              : [secret === null ? 'secret removed' : 'secret changed']),
          ];
          await audit(trx, actor, {
            type: 'UPDATE',
            resourceType: 'organization',
            resourceId: organizationId,
            organizationId,
            summary: `Company sign-in of ${organization.name}: ${changes.join('; ')}`,
          });
        });
      } catch (error) {
        // Two saves racing for a domain: the primary key refused the second one.
        if (/unique|duplicate|primary key/i.test(String((error as Error).message)))
          throw conflict(SSO_MESSAGES.domainClaimed, {
            email_domains: SSO_MESSAGES.domainClaimedField,
          });
        throw error;
      }
      return toContract(organizationId, (await sso.organization(organizationId))?.sso);
    },

    async testConnection(
      actor: Actor,
      organizationId: number,
      issuer: string,
    ): Promise<TSsoTestResult> {
      requireAccess(actor.principal, 'update:organization', { organizationId });
      const organization = await requireOrganization(organizationId);
      const result = await probeIssuer(issuer);
      // The saved issuer's outcome is remembered: the platform dashboard lists failing ones.
      if (organization.sso?.issuer === issuer.replace(/\/+$/, ''))
        await sso.recordTest(organizationId, {
          ok: result.ok,
          message: result.message,
          at: new Date(),
        });
      return result;
    },

    /** `POST /api/auth/check_federated`: does this person sign in through their company? */
    async checkFederated(rawEmail: string): Promise<TCheckFederatedResult> {
      const email = rawEmail.trim().toLowerCase();
      const notFederated = { isFederated: false, redirectUri: null };
      if (!integration || !/^[^\s@]+@[^\s@]+$/.test(email)) return notFederated;
      const person = await people.findPersonByEmail(email);
      const organizationId =
        person?.organizationId ?? (await sso.organizationIdForDomain(domainOf(email)));
      if (organizationId === undefined) return notFederated;
      const organization = await sso.organization(organizationId);
      if (!isFederatedOrganization(organization)) return notFederated;
      return { isFederated: true, redirectUri: await startSignIn(organizationId, email) };
    },

    /**
     * `GET /api/auth/cognito_callback`: redeems the one-time code of a company sign-in, and
     * records the sign-in (once: the embedded pool has recorded it already).
     */
    async callback(
      code: string,
      state: string,
      origin: EventOrigin = {},
    ): Promise<TCallbackResult> {
      if (!integration) throw badRequest(SSO_MESSAGES.notAvailable);
      const started = await sso.consumeLoginState(sha256(state));
      if (!started) throw badRequest(SSO_MESSAGES.invalidState);
      let tokens;
      try {
        tokens = await integration.exchangeCode({
          code,
          redirectUri: integration.callbackUrl,
          codeVerifier: started.codeVerifier,
          origin,
        });
      } catch {
        throw badRequest(SSO_MESSAGES.invalidCode);
      }
      const claims = decodeJwt(tokens.idToken);
      const username = String(claims['cognito:username'] ?? claims.sub ?? '');
      const person = await people.findPersonByUsername(username);
      // The code must belong to the organization whose sign-in this state started.
      if (!person || Number(person.organizationId) !== started.organizationId)
        throw new HttpError(400, SSO_MESSAGES.invalidCode);
      await recordAccountEvent(
        {
          type: 'SIGN_IN',
          method: 'company',
          sessionId: sessionIdOf(claims as IdTokenClaims),
          username,
          origin,
        },
        db,
      );
      return {
        username,
        idToken: tokens.idToken,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
      };
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
export type { TSsoSettingsBody };
