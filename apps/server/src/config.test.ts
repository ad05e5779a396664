import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig, METRICS_TOKEN_MIN_LENGTH } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'sqlite:./data/laurel.db',
      demoMode: true,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      identity: {
        mode: 'embedded',
        poolId: 'local-1_Laurel',
        clientId: 'laurel-web',
        region: 'local-1',
      },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ IDENTITY: 'cognito' }, 'COGNITO_POOL_ID'],
    [{ DEMO_MODE: 'false' }, 'SECRET_KEY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [
      { IDENTITY: 'cognito', COGNITO_POOL_ID: 'eu-west-1_Ab1', COGNITO_CLIENT_ID: 'c' },
      'DEMO_MODE',
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example.org' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1000' }, 'TRUST_PROXY'],
    [{ SSO_ALLOW_PRIVATE_ISSUERS: 'sometimes' }, 'SSO_ALLOW_PRIVATE_ISSUERS'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'a token with spaces that is long enough' }, 'METRICS_TOKEN'],
  ])('stops on %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });

  it('selects PostgreSQL by URL and trims the public URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@h:5432/d',
      PUBLIC_URL: 'https://laurel.example.org/',
    });
    expect(config.databaseUrl).toBe('postgres://u@h:5432/d');
    expect(config.publicUrl).toBe('https://laurel.example.org');
  });

  it('believes no forwarded header unless TRUST_PROXY names proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1, fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']);
  });

  it('turns metrics on only with a long enough METRICS_TOKEN', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'x'.repeat(METRICS_TOKEN_MIN_LENGTH);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });
});
