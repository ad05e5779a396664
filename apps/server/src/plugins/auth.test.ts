import Fastify from 'fastify';
import { exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';

import { ROLES, type RoleId } from '@laurel/contract/roles';

import { authPlugin, createTokenVerifier, principalOf } from './auth.ts';

const ISSUER = 'https://issuer.example';
const AUDIENCE = 'client';

async function setUp(isRevoked?: () => boolean | Promise<boolean>) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  const key = await importJWK(jwk, 'RS256');
  let checks = 0;
  const verifier = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    getKey: async () => {
      checks++;
      return key;
    },
    ...(isRevoked ? { isRevoked } : {}),
  });
  const sign = (sub: string) =>
    new SignJWT({ token_use: 'id' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  return { verifier, sign, checks: () => checks };
}

describe('token verifier', () => {
  it('checks a token’s signature once, then remembers it', async () => {
    const { verifier, sign, checks } = await setUp();
    const token = await sign('alice');
    expect((await verifier.verify(token)).sub).toBe('alice');
    expect((await verifier.verify(`${token}`)).sub).toBe('alice');
    expect(checks()).toBe(1);
  });

  it('refuses a remembered token’s signature under another payload', async () => {
    const { verifier, sign } = await setUp();
    const token = await sign('alice');
    await verifier.verify(token);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ token_use: 'id', sub: 'mallory', iss: ISSUER, aud: AUDIENCE }),
    ).toString('base64url');
    await expect(verifier.verify(`${header}.${payload}.${signature}`)).rejects.toThrow();
    expect((await verifier.verify(token)).sub).toBe('alice');
  });

  it('refuses white space in a token, even around a remembered one’s signature', async () => {
    const { verifier, sign, checks } = await setUp();
    const token = await sign('alice');
    await verifier.verify(token);
    const [header, payload, signature] = token.split('.');
    for (const spaced of [
      `${header}.${payload}.${signature!.slice(0, 10)} ${signature!.slice(10)}`,
      `${header}.${payload}.${signature}\t`,
    ])
      await expect(verifier.verify(spaced)).rejects.toThrow('white space');
    expect(checks()).toBe(1);
    expect((await verifier.verify(token)).sub).toBe('alice');
  });

  it('forgets only the token it is given', async () => {
    const { verifier, sign, checks } = await setUp();
    const token = await sign('alice');
    await verifier.verify(token);
    const [header, payload] = token.split('.');
    expect(verifier.forget(`${header}.${payload}.AAAA`)).toBe(false);
    expect(verifier.forget(`${header}x.${payload}.${token.split('.')[2]}`)).toBe(false);
    await verifier.verify(token);
    expect(checks()).toBe(1);
    expect(verifier.forget(token)).toBe(true);
    await verifier.verify(token);
    expect(checks()).toBe(2);
  });
});

describe('auth hook', () => {
  it("reads the user's row while its session's state is read, and refuses a revoked session all the same", async () => {
    const events: string[] = [];
    let session: () => boolean | Promise<boolean> = () => false;
    const { verifier, sign } = await setUp(() => session());
    const app = Fastify();
    await app.register(authPlugin, {
      verifier,
      // Read again at every call: the row is due whenever the session's state is.
      principalTtlMs: 0,
      principals: {
        findByIdentityUsername: async (username) => {
          events.push('row read');
          return {
            userId: 1,
            identityUsername: username,
            email: 'a@b.test',
            roleId: 100,
            organizationId: 7,
          };
        },
        organizationExists: async () => true,
      },
    });
    app.get('/api/me', async (request) => ({ userId: principalOf(request).userId }));
    const token = await sign('alice');
    const call = () =>
      app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect((await call()).statusCode).toBe(200);

    // The session's state is read from the store: the row is read at the same time.
    for (const revoked of [false, true]) {
      events.length = 0;
      let answer!: (revoked: boolean) => void;
      session = () => {
        events.push('session asked');
        return new Promise<boolean>((resolve) => (answer = resolve));
      };
      const response = call();
      await vi.waitFor(() => expect(events).toEqual(['session asked', 'row read']));
      answer(revoked);
      expect((await response).statusCode).toBe(revoked ? 401 : 200);
    }
    await app.close();
  });
});

describe('principal cache', () => {
  async function appWithRows() {
    const { verifier, sign } = await setUp();
    const reads: Array<(roleId: RoleId) => void> = [];
    const app = Fastify();
    await app.register(authPlugin, {
      verifier,
      principalTtlMs: 1_000,
      principals: {
        findByIdentityUsername: (username) =>
          new Promise((resolve) =>
            reads.push((roleId) =>
              resolve({
                userId: 1,
                identityUsername: username,
                email: 'a@b.test',
                roleId,
                organizationId: 7,
              }),
            ),
          ),
        organizationExists: async () => true,
      },
    });
    app.get('/api/me', async (request) => ({ roleId: principalOf(request).roleId }));
    const token = await sign('alice');
    const call = () =>
      app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    return { app, reads, call };
  }

  it('reuses a row for one second from when its read started, however long the read took', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { app, reads, call } = await appWithRows();
      vi.setSystemTime(0);
      const first = call();
      await vi.waitFor(() => expect(reads).toHaveLength(1));
      // The role changes just after the read began; the read still returns the old one.
      vi.setSystemTime(600);
      reads[0]!(ROLES.USER);
      expect((await first).json()).toEqual({ roleId: ROLES.USER });
      vi.setSystemTime(900);
      expect((await call()).json()).toEqual({ roleId: ROLES.USER });
      // One second after the change, the row is read again.
      vi.setSystemTime(1_050);
      const later = call();
      await vi.waitFor(() => expect(reads).toHaveLength(2));
      reads[1]!(ROLES.ORGANIZATION_ADMIN);
      expect((await later).json()).toEqual({ roleId: ROLES.ORGANIZATION_ADMIN });
      await app.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not remember a row whose read a forget overtook', async () => {
    const { app, reads, call } = await appWithRows();
    const first = call();
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    app.forgetPrincipal('alice');
    reads[0]!(ROLES.USER);
    expect((await first).json()).toEqual({ roleId: ROLES.USER });
    const next = call();
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]!(ROLES.ORGANIZATION_ADMIN);
    expect((await next).json()).toEqual({ roleId: ROLES.ORGANIZATION_ADMIN });
    await app.close();
  });
});
