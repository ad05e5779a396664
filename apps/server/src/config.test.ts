import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config.ts';

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

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });
});
