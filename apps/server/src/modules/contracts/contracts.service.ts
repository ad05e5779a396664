import type { Kysely } from 'kysely';

import type { TContract, TContractBody, TCurrentContracts } from '@laurel/contract/contracts';
import { can } from '@laurel/contract/permissions';

import { utcDate } from '../../db/day-bounds.ts';
import type { Database } from '../../db/schema.ts';
import { readsOfList, requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { type Auditor, exportRecorder } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { ContractsRepository } from './contracts.repository.ts';

export function createContractsService(deps: {
  db: Kysely<Database>;
  contracts: ContractsRepository;
  audit: Auditor;
  now?: () => Date;
}) {
  const { db, contracts, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function check(body: TContractBody, exceptId?: number) {
    if (!(await contracts.organizationExists(body.organization_id))) {
      throw badRequest('Invalid contract', { organization_id: 'Unknown organization' });
    }
    if (await contracts.numberTaken(body.number, exceptId)) {
      throw conflict('A contract with this number already exists', { number: 'Already used' });
    }
  }

  /** Billing codes are the platform's own business: everyone else reads the label alone. */
  const shownTo = (actor: Actor, contract: TContract): TContract =>
    can(actor.principal, 'read:internal')
      ? contract
      : {
          ...contract,
          lineItems: contract.lineItems.map((item) => {
            const { billingCode: _internal, ...shown } = item;
            return shown;
          }),
        };

  const summarize = (body: TContractBody) =>
    `${body.number} "${body.name}", ${body.status}, ${body.start_date} to ${body.end_date}, ${body.line_items.length} line item(s)`;

  return {
    ...readsOfList('read:contract', contracts),

    recordExport: exportRecorder(db, audit, {
      resourceType: 'contract',
      one: 'contract',
      many: 'contracts',
    }),

    async get(actor: Actor, id: number): Promise<TContract> {
      const contract = await contracts.find(id);
      if (!contract) throw notFound();
      requireAccess(actor.principal, 'read:contract', { organizationId: contract.organizationId });
      return shownTo(actor, contract);
    },

    /** The organization's ACTIVE contracts that cover today, with their usage this period. */
    async current(actor: Actor, organizationId: number): Promise<TCurrentContracts> {
      requireAccess(actor.principal, 'read:contract', { organizationId });
      if (!(await contracts.organizationExists(organizationId))) throw notFound();
      const today = utcDate(now());
      const current = await contracts.current(today, [organizationId]);
      return {
        organizationId,
        today,
        contracts: current.map((contract) => shownTo(actor, contract)),
      };
    },

    async create(actor: Actor, body: TContractBody): Promise<TContract> {
      requireAccess(actor.principal, 'create:contract', { organizationId: body.organization_id });
      await check(body);
      const id = await db.transaction().execute(async (trx) => {
        const created = await contracts.save(trx, body);
        await audit(trx, actor, {
          type: 'CREATE',
          resourceType: 'contract',
          resourceId: created,
          organizationId: body.organization_id,
          summary: `Created contract ${summarize(body)}`,
        });
        return created;
      });
      return (await contracts.find(id))!;
    },

    async update(actor: Actor, id: number, body: TContractBody): Promise<TContract> {
      const before = await contracts.find(id);
      if (!before) throw notFound();
      requireAccess(actor.principal, 'update:contract', { organizationId: before.organizationId });
      await check(body, id);
      await db.transaction().execute(async (trx) => {
        await contracts.save(trx, body, id);
        await audit(trx, actor, {
          type: 'UPDATE',
          resourceType: 'contract',
          resourceId: id,
          organizationId: body.organization_id,
          summary: `Updated contract ${before.number}: now ${summarize(body)}`,
        });
      });
      return (await contracts.find(id))!;
    },
  };
}
export type ContractsService = ReturnType<typeof createContractsService>;
