import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import en from '../../../lib/i18n/messages/en.json';
import { enterEmail, renderSignIn, serve } from '../../../test/sign-in-fake';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const choice = {
  body: { ChallengeName: 'SELECT_CHALLENGE', Session: 's1', AvailableChallenges: ['PASSWORD'] },
};

/**
 * The identity service keeps a sign-in step for 3 minutes: a minute before, the screen warns
 * (WCAG 2.2.1) and, where nothing secret was given, gives a new 3 minutes on request.
 */
describe('the sign-in step time limit', { timeout: 20_000 }, () => {
  it('warns a minute before the step ends, gives a new 3 minutes on request, and says when it has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = serve(() => choice);
    renderSignIn();
    await enterEmail();
    await user.click(screen.getByRole('button', { name: en['auth.passwordless.passkey'] }));
    await screen.findByRole('heading', { name: 'Choose how to sign in' });
    expect(screen.queryByText(en['auth.stepTimeLimit.warning'])).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(119_000));
    expect(screen.queryByText(en['auth.stepTimeLimit.warning'])).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    const warning = screen.getByText(en['auth.stepTimeLimit.warning']).closest('[role="alert"]')!;
    expect(warning).not.toBeNull();
    expect(screen.getByTestId('step-seconds-left').textContent).toMatch(/^(59|60) seconds left\.$/);

    // A new 3 minutes: the same choice asked again, nothing typed again.
    await user.click(screen.getByRole('button', { name: en['auth.stepTimeLimit.extend'] }));
    await vi.waitFor(() => expect(screen.queryByText(en['auth.stepTimeLimit.warning'])).toBeNull());
    expect(calls.map((call) => call.action)).toEqual(['InitiateAuth', 'InitiateAuth']);
    expect(calls[1]!.body).toMatchObject({ AuthFlow: 'USER_AUTH' });
    screen.getByRole('heading', { name: 'Choose how to sign in' });

    await act(() => vi.advanceTimersByTimeAsync(150_000));
    screen.getByText(en['auth.stepTimeLimit.warning']);
    // The warning counts down each second to the end.
    for (let second = 0; second < 31; second++) await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText(en['auth.stepTimeLimit.warning'])).toBeNull();
    screen.getByText(/this sign-in step has ended/);
    screen.getByRole('link', { name: 'sign in again' });
  });

  it('after the password, warns without offering more time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    serve(() => ({
      body: {
        ChallengeName: 'SELECT_MFA_TYPE',
        Session: 's2',
        ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(['SOFTWARE_TOKEN_MFA']) },
      },
    }));
    renderSignIn();
    await enterEmail();
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Laurel-demo-2026!');
    await user.click(screen.getByRole('button', { name: /^Sign in$/ }));
    await screen.findByRole('heading', { name: 'Two-step verification' });

    await act(() => vi.advanceTimersByTimeAsync(125_000));
    screen.getByText(en['auth.stepTimeLimit.warning']);
    screen.getByText(en['auth.stepTimeLimit.cannotExtend']);
    expect(screen.queryByRole('button', { name: en['auth.stepTimeLimit.extend'] })).toBeNull();
  });
});
