import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import { describe, expect, it, vi } from 'vitest';

import { configureAmplify } from './amplify-client';

describe('configureAmplify', () => {
  it("uses the embedded pool's endpoint and writes nothing to the console", () => {
    const consoleCalls = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );

    configureAmplify({ poolId: 'local_LaurelDemo', clientId: 'laurel-web', endpoint: '/identity' });

    expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe(
      `${window.location.origin}/identity`,
    );
    for (const call of consoleCalls) expect(call).not.toHaveBeenCalled();
  });

  it("leaves Amplify's warnings on after configuring", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    configureAmplify({ poolId: 'local_LaurelDemo', clientId: 'laurel-web', endpoint: '/identity' });

    expect(ConsoleLogger.LOG_LEVEL).toBeNull();
    new ConsoleLogger('Laurel test').warn('a later warning');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('a later warning'));
  });
});
