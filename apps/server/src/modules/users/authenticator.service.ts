import type { Kysely } from 'kysely';

import type { FactorProof, IdentityAdmin } from '@laurel/identity';
import { MESSAGES } from '@laurel/contract/messages';

import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Auditor } from '../../lib/audit.ts';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import { createUsersRepository } from './users.repository.ts';

/** The identity service's refusal of a step-up, in the words the profile screen shows. */
function refusal(error: unknown, proof: FactorProof): HttpError | undefined {
  const name = error instanceof Error ? error.name : '';
  if (name === 'CodeMismatchException')
    return badRequest(MESSAGES.stepUpWrongCode, { code: MESSAGES.stepUpWrongCode });
  if (name === 'NotAuthorizedException') {
    if ('code' in proof)
      return badRequest(MESSAGES.stepUpWrongCode, { code: MESSAGES.stepUpWrongCode });
    return /attempts exceeded/i.test((error as Error).message)
      ? new HttpError(429, MESSAGES.stepUpLocked)
      : badRequest(MESSAGES.stepUpWrongPassword, { password: MESSAGES.stepUpWrongPassword });
  }
  if (name === 'InvalidParameterException' && 'code' in proof)
    return badRequest(MESSAGES.stepUpCodeNotAccepted, { code: MESSAGES.stepUpCodeNotAccepted });
  return undefined;
}

/**
 * Security changes of one's own account that need a factor the person has now (step-up), checked
 * here, by the server: a stolen session alone cannot remove the second factor.
 */
export function createAuthenticatorService(deps: {
  db: Kysely<Database>;
  identity: IdentityAdmin;
  audit: Auditor;
}) {
  const users = createUsersRepository(deps.db);
  return {
    async remove(actor: Actor, proof: FactorProof): Promise<void> {
      const { principal } = actor;
      const identity = await deps.identity.getUserByEmail(principal.email);
      if (!identity || identity.status === 'EXTERNAL_PROVIDER')
        throw conflict(MESSAGES.authenticatorCompanySignIn);
      if (!identity.mfaEnabled) throw conflict(MESSAGES.authenticatorNotSetUp);
      // The organization's rule holds even where the pool was not told (people invited since).
      if (identity.mfaRequired || (await users.organizationRequiresMfa(principal.organizationId)))
        throw conflict(MESSAGES.authenticatorRequired);
      try {
        await deps.identity.verifyFactor(principal.identityUsername, proof);
      } catch (error) {
        throw refusal(error, proof) ?? error;
      }
      await deps.identity.resetMfa(principal.identityUsername);
      await deps.audit(deps.db, actor, {
        type: 'MFA_REMOVED',
        resourceType: 'user',
        resourceId: principal.userId,
        summary: `Removed the authenticator app of ${principal.email} (confirmed with ${'code' in proof ? 'a current code' : 'the password'})`,
        organizationId: principal.organizationId,
      });
    },
  };
}
export type AuthenticatorService = ReturnType<typeof createAuthenticatorService>;
