/**
 * What an action module is (one per Cognito action, in this folder) and how one runs: who may
 * call it is checked first, then its input against its schema, then its handler runs.
 */
import { z } from 'zod';
import type { IdentityDeps } from '../deps.ts';
import { parseInput, requiredField } from '../input.ts';
import type { Caller } from '../service-tokens.ts';
import type { Input, Output, RequestContext } from '../types.ts';

/** The Cognito errors an action answers, each with the refusals it stands for. */
export type ActionErrors = Readonly<Record<`${string}Exception`, string>>;

export interface Call {
  context: RequestContext;
}

/** A call made with an access token: whose it is. */
export interface UserCall extends Call {
  caller: Caller;
}

type Handler<S extends z.ZodType, C extends Call> = (
  input: z.output<S>,
  deps: IdentityDeps,
  call: C,
) => Promise<Output>;

/**
 * One action module's exports. `access` is who may call it, checked before its input: `user`
 * with an `AccessToken` (`NotAuthorizedException` when it is not valid now), `client` naming the
 * pool's app client in `ClientId` (`ResourceNotFoundException` otherwise), `public` anyone.
 */
export type ActionModule<S extends z.ZodType> =
  | { access: 'user'; input: S; errors: ActionErrors; handler: Handler<S, UserCall> }
  | { access: 'client' | 'public'; input: S; errors: ActionErrors; handler: Handler<S, Call> };

export interface Action {
  errors: ActionErrors;
  run(input: Input, deps: IdentityDeps, context: RequestContext): Promise<Output>;
}

const accessTokenInput = z.object({ AccessToken: requiredField });

const clientInput = z.object({ ClientId: requiredField });

/** An action of the table, from its module. */
export function action<S extends z.ZodType>(module: ActionModule<S>): Action {
  return {
    errors: module.errors,
    async run(raw, deps, context) {
      if (module.access === 'user') {
        const { AccessToken } = parseInput(accessTokenInput, raw);
        const caller = await deps.tokens.authenticate(AccessToken);
        return module.handler(parseInput(module.input, raw), deps, { context, caller });
      }
      if (module.access === 'client')
        deps.guards.checkClient(parseInput(clientInput, raw).ClientId);
      return module.handler(parseInput(module.input, raw), deps, { context });
    },
  };
}

/** What every `user` action answers about its access token. */
export const ACCESS_TOKEN_ERRORS = {
  InvalidParameterException: 'no access token',
  NotAuthorizedException:
    'an access token that is not valid, has expired or was revoked; a disabled user',
  UserNotFoundException: 'the user of the token no longer exists',
} as const satisfies ActionErrors;
