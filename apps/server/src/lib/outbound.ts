import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { Dispatcher } from 'undici';

/** Addresses a server-side request must not reach unless private issuers are allowed. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Loopback, private, link-local, shared, multicast and reserved addresses (also IPv4-mapped). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, 'ipv6');
}

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} is a private, loopback or link-local address`);
    this.name = 'PrivateAddressError';
  }
}

/**
 * A fetch for requests whose address a user chose (an SSO issuer): it refuses hosts that are or
 * resolve to private addresses, checked when connecting, so a DNS answer cannot change after the
 * check. `allow` lists origins that may be private anyway (the demo provider on localhost).
 */
export function createOutboundFetch(options: { allowPrivate: boolean; allow?: string[] }) {
  const allowed = new Set(options.allow ?? []);
  // undici (its own copy, for the connection's address check) is loaded by the first request to
  // an address not listed: most servers never make one, and loading it was 90 ms of every start.
  let agent: Promise<Dispatcher> | undefined;
  const dispatcher = () =>
    (agent ??= import('undici').then(
      ({ Agent }) =>
        new Agent({
          connect: {
            lookup(hostname, lookupOptions, callback) {
              dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
                if (error) return callback(error, '', 0);
                const list = addresses as unknown as LookupAddress[];
                if (list.some((a) => isPrivateAddress(a.address)))
                  return callback(new PrivateAddressError(hostname), '', 0);
                if (lookupOptions.all) return callback(null, list as never, 0);
                return callback(null, list[0]!.address, list[0]!.family);
              });
            },
          },
        }),
    ));

  return async (input: string, init?: object): Promise<Response> => {
    const url = new URL(input);
    const trusted = options.allowPrivate || allowed.has(url.origin);
    if (!trusted) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isPrivateAddress(host) || host === 'localhost' || host.endsWith('.localhost'))
        throw new PrivateAddressError(host);
    }
    return fetch(input, {
      ...init,
      ...(trusted ? {} : { dispatcher: await dispatcher() }),
    } as RequestInit);
  };
}
export type OutboundFetch = ReturnType<typeof createOutboundFetch>;

/** How Laurel reaches company sign-in providers, as SSO_ALLOW_PRIVATE_ISSUERS and demo mode allow. */
export function createSsoFetch(config: {
  ssoAllowPrivateIssuers: boolean;
  demoMode: boolean;
  demoIdpUrl: string;
  demoSamlIdpUrl?: string;
}): OutboundFetch {
  return createOutboundFetch({
    allowPrivate: config.ssoAllowPrivateIssuers,
    // The demo company provider runs on this machine (`npm run dev:idp`).
    allow: config.demoMode
      ? [config.demoIdpUrl, config.demoSamlIdpUrl]
          .filter((url): url is string => Boolean(url))
          .map((url) => new URL(url).origin)
      : [],
  });
}
