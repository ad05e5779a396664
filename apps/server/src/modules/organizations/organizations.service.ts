import type { Kysely } from 'kysely';

import type {
  TOrganization,
  TOrganizationBody,
  TOrganizationListQuery,
  TOrganizationPatchBody,
} from '@laurel/contract/organizations';
import type { TImpersonation } from '@laurel/contract/audits';
import { accessFor, can } from '@laurel/contract/permissions';

import type { IdentityAdmin } from '@laurel/identity';

import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import { readsOfList, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { type Auditor, exportRecorder } from '../../lib/audit.ts';
import { describeChanges } from '../../lib/audit-labels.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { matchAwardsDedupeKey } from '../earnings/match-awards.job.ts';
import type { OrganizationFilter, OrganizationsRepository } from './organizations.repository.ts';

export function createOrganizationsService(deps: {
  db: Kysely<Database>;
  organizations: OrganizationsRepository;
  audit: Auditor;
  identity: Pick<IdentityAdmin, 'setMfaRequired'>;
  /** Wakes the job worker once a queued job is committed. */
  notifyJobs?: () => void;
}) {
  const { db, organizations, audit } = deps;

  function scope(actor: Actor, query: TOrganizationListQuery): OrganizationFilter {
    const access = accessFor(actor.principal.roleId, 'read:organization');
    return access === 'any' ? query : { ...query, onlyId: actor.principal.organizationId };
  }

  async function checkReferences(body: TOrganizationPatchBody, exceptId?: number): Promise<void> {
    const fieldErrors: Record<string, string> = {};
    if (
      body.type_id !== undefined &&
      !(await organizations.lookupExists('organizationTypes', body.type_id))
    ) {
      fieldErrors.type_id = 'Unknown organization type';
    }
    if (
      body.login_mode_id !== undefined &&
      !(await organizations.lookupExists('loginModes', body.login_mode_id))
    ) {
      fieldErrors.login_mode_id = 'Unknown login mode';
    }
    if (Object.keys(fieldErrors).length) throw badRequest('Invalid organization', fieldErrors);
    if (body.name !== undefined && (await organizations.nameTaken(body.name, exceptId))) {
      throw conflict('An organization with this name already exists', { name: 'Already taken' });
    }
  }

  return {
    // Members read their own organization.
    ...readsOfList('read:organization', organizations, scope),

    recordExport: exportRecorder(db, audit, {
      resourceType: 'organization',
      one: 'organization',
      many: 'organizations',
    }),

    /**
     * A platform admin starts or stops acting within an organization (spec §4): the web app says
     * so when it sets or clears the impersonated organization, and the requests in between carry
     * the `x-acting-organization` header. Both ends are on the organization's audit trail.
     */
    async impersonation(
      actor: Actor,
      organizationId: number,
      step: 'start' | 'stop',
    ): Promise<TImpersonation> {
      requireAccess(actor.principal, 'impersonate:organization');
      if (organizationId === actor.principal.organizationId)
        throw badRequest('This is your own organization: there is no one to act as', {
          organizationId: 'Your own organization',
        });
      const organization = await organizations.find(organizationId);
      if (!organization) throw notFound();
      await audit(db, actor, {
        type: step === 'start' ? 'IMPERSONATE' : 'IMPERSONATE_STOP',
        resourceType: 'organization',
        resourceId: organizationId,
        organizationId,
        impersonating: true,
        summary: `${step === 'start' ? 'Started' : 'Stopped'} acting in ${organization.name}`,
      });
      return { organizationId, organizationName: organization.name };
    },

    async get(actor: Actor, id: number): Promise<TOrganization> {
      requireAccess(actor.principal, 'read:organization', { organizationId: id });
      const organization = await organizations.find(id);
      if (!organization) throw notFound();
      if (can(actor.principal, 'read:internal')) return organization;
      // The CRM account is the platform's own business.
      const { salesforceAccountId: _internal, ...shown } = organization;
      return shown;
    },

    async create(actor: Actor, body: TOrganizationBody): Promise<TOrganization> {
      requireAccess(actor.principal, 'create:organization');
      await checkReferences(body);
      const id = await db.transaction().execute(async (trx) => {
        const created = await organizations.create(trx, body);
        await audit(trx, actor, {
          type: 'CREATE',
          resourceType: 'organization',
          resourceId: created,
          organizationId: created,
          summary: `Created organization "${body.name}"`,
        });
        return created;
      });
      return (await organizations.find(id))!;
    },

    async update(actor: Actor, id: number, body: TOrganizationPatchBody): Promise<TOrganization> {
      requireAccess(actor.principal, 'update:organization', { organizationId: id });
      const before = await organizations.find(id);
      if (!before) throw notFound();
      await checkReferences(body, id);
      // Awards wait unmatched while an organization has no earnings entitlement (DESIGN §4):
      // switching it on looks them up now, in the same transaction as the change.
      const entitlementSwitchedOn = body.insights_entitled === true && !before.insightsEntitled;
      await db.transaction().execute(async (trx) => {
        await organizations.update(trx, id, body);
        const after = (await organizations.find(id, trx))!;
        if (entitlementSwitchedOn)
          await enqueueJob(trx, {
            type: JOB_TYPES.matchAwards,
            organizationId: id,
            dedupeKey: matchAwardsDedupeKey(id),
          });
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'organization',
          resourceId: id,
          organizationId: id,
          summary: `Updated organization "${before.name}": ${describeChanges(body, before, after)}`,
        });
      });
      if (entitlementSwitchedOn) deps.notifyJobs?.();
      if (body.mfa_required !== undefined && body.mfa_required !== before.mfaRequired) {
        // Members meet MFA_SETUP at their next sign-in when the organization requires an authenticator.
        for (const username of await organizations.identityUsernames(id)) {
          await deps.identity.setMfaRequired(username, body.mfa_required);
        }
      }
      return (await organizations.find(id))!;
    },
  };
}
export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
