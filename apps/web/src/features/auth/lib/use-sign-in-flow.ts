import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SignInOutput } from 'aws-amplify/auth';

import type { AuthClient } from '../../../lib/amplify/load-amplify';
import { paths, safeRedirectTarget } from '../../../lib/routing/paths';
import type { LoginData } from '../../../lib/auth/auth-state';
import { useAuth } from '../../../lib/auth/use-auth';
import { outcomeForStep, type SignInOutcome } from './sign-in-steps';
import { markSignInStepStarted } from './step-clock';

const APP_NAME_FOR_AUTHENTICATOR = 'Laurel';

/**
 * The sign-in state machine of spec §4, shared by every sign-in screen: takes the identity
 * client's answer and goes to the next screen, or finishes the sign-in.
 */
export function useSignInFlow() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectTarget(searchParams.get('redirectTo'));

  const finish = useCallback(async () => {
    await auth.completeSignIn();
    navigate(redirectTo ?? paths.home.getHref(), { replace: true });
  }, [auth, navigate, redirectTo]);

  const handleOutput = useCallback(
    async (
      output: SignInOutput,
      email: string,
      options: { emailCodeUse?: LoginData['emailCodeUse'] } = {},
    ): Promise<SignInOutcome> => {
      const { nextStep } = output;
      if (nextStep.signInStep !== 'DONE') markSignInStepStarted();
      if (nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') {
        const details = nextStep.totpSetupDetails;
        auth.updateLoginData({
          email,
          totpSetupSecret: details.sharedSecret,
          totpSetupUri: details.getSetupUri(APP_NAME_FOR_AUTHENTICATOR, email).toString(),
        });
      }
      if (nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION') {
        auth.updateLoginData({ email, availableChallenges: nextStep.availableChallenges ?? [] });
      }
      if (nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION') {
        auth.updateLoginData({ email, allowedMfaTypes: nextStep.allowedMFATypes ?? [] });
      }
      if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE') {
        auth.updateLoginData({
          email,
          codeDestination: nextStep.codeDeliveryDetails?.destination ?? '',
          emailCodeUse: options.emailCodeUse ?? 'second-factor',
        });
      }
      if (nextStep.signInStep === 'RESET_PASSWORD') {
        // Send the code now, so that the next screen only asks for it.
        const client = await auth.getClient();
        await client.resetPassword({ username: email }).catch(() => undefined);
      }
      const outcome = outcomeForStep(nextStep.signInStep, { email, redirectTo });
      if (outcome.kind === 'done') await finish();
      else if (outcome.kind === 'navigate') navigate(outcome.href);
      return outcome;
    },
    [auth, finish, navigate, redirectTo],
  );

  /**
   * Answers the challenge the identity service is waiting for (a code, a new password, a chosen
   * way of signing in) and goes on to the next step; `onDone` runs first when that answer
   * completes the sign-in. Returns the outcome, so that a screen can show a message.
   */
  const confirmChallenge = useCallback(
    async (
      challengeResponse: string,
      options: {
        onDone?: (client: AuthClient) => Promise<unknown>;
        emailCodeUse?: LoginData['emailCodeUse'];
      } = {},
    ) => {
      const client = await auth.getClient();
      const output = await client.confirmSignIn({ challengeResponse });
      if (output.nextStep.signInStep === 'DONE') await options.onDone?.(client);
      return handleOutput(output, auth.loginData.email, options);
    },
    [auth, handleOutput],
  );

  return { redirectTo, handleOutput, finish, confirmChallenge };
}
