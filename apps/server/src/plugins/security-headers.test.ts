import { describe, expect, it } from 'vitest';

import { loadConfig } from '../config.ts';
import { contentSecurityDirectives } from './security-headers.ts';

describe('content security policy', () => {
  it('lets the browser reach only this origin with the embedded identity pool', () => {
    const directives = contentSecurityDirectives(loadConfig({}));
    expect(directives.connectSrc).toEqual(["'self'"]);
    expect(directives.scriptSrc).toEqual(["'self'"]);
    expect('upgradeInsecureRequests' in directives).toBe(false);
  });

  it("adds AWS Cognito's endpoints when IDENTITY=cognito", () => {
    const directives = contentSecurityDirectives(
      loadConfig({
        IDENTITY: 'cognito',
        DEMO_MODE: 'false',
        COGNITO_POOL_ID: 'eu-west-1_AbCdEf123',
        COGNITO_CLIENT_ID: 'client',
        COGNITO_DOMAIN: 'https://laurel.auth.eu-west-1.amazoncognito.com/',
        PUBLIC_URL: 'https://laurel.example.org',
      }),
    );
    expect(directives.connectSrc).toEqual([
      "'self'",
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'https://laurel.auth.eu-west-1.amazoncognito.com',
    ]);
    expect(directives.upgradeInsecureRequests).toEqual([]);
  });
});
