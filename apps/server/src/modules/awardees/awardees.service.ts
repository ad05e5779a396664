import type { TAwardee } from '@laurel/contract/awardees';

import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/http-error.ts';
import type { AwardeesRepository } from './awardees.repository.ts';

export function createAwardeesService(deps: { awardees: AwardeesRepository }) {
  const { awardees } = deps;
  return {
    /**
     * The person holding award `awardId`, with all their awards in its organization. Personal
     * data: the organization's own people and platform admins only (another organization's award
     * answers 404, as if it did not exist).
     */
    async ofAward(actor: Actor, awardId: number): Promise<TAwardee> {
      const holder = await awardees.holderOf(awardId);
      if (!holder) throw notFound();
      requireAccess(actor.principal, 'read:award', { organizationId: holder.organizationId });
      const awardee = await awardees.awardee(holder.organizationId, holder.externalId);
      if (!awardee) throw notFound();
      return awardee;
    },
  };
}
export type AwardeesService = ReturnType<typeof createAwardeesService>;
