import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

import { WEBHOOK_MESSAGES } from '@laurel/contract/webhooks';

import { badRequest } from '../../lib/http-error.ts';
import { createOutboundFetch, isPrivateAddress, type OutboundFetch } from '../../lib/outbound.ts';

/** Which receivers an instance may send to, beyond public https addresses. */
export interface WebhookReceiverRules {
  /**
   * Receivers on this machine (`localhost`, 127.0.0.0/8, ::1), over http or https: on in demo
   * mode, for a receiver run beside the demo, and in tests. No configuration turns it on in
   * production (DEMO_MODE=false).
   */
  allowLoopback: boolean;
}

const LOOKUP_TIMEOUT_MS = 2_000;

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

const refused = (message: string) => badRequest(message, { url: message });

/**
 * The endpoint address as stored, or a 400 naming what is wrong with it: https only (or a loopback
 * receiver when the rules allow it), no credentials in it, and no private, loopback or link-local
 * address, literal or resolved now (delivery checks the address again on every connection).
 */
export async function checkWebhookUrl(text: string, rules: WebhookReceiverRules): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused(WEBHOOK_MESSAGES.url);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused(WEBHOOK_MESSAGES.url);
  if (url.username || url.password) throw refused(WEBHOOK_MESSAGES.credentials);
  const host = hostOf(url);
  if (isLoopbackHost(host)) {
    if (rules.allowLoopback) return url.href;
    throw refused(WEBHOOK_MESSAGES.privateAddress);
  }
  if (url.protocol !== 'https:') throw refused(WEBHOOK_MESSAGES.httpsOnly);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw refused(WEBHOOK_MESSAGES.privateAddress);
    return url.href;
  }
  const addresses = await Promise.race([
    lookup(host, { all: true }).catch(() => []),
    new Promise<[]>((resolve) => setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS).unref()),
  ]);
  const privateOne = addresses.find((a) => isPrivateAddress(a.address));
  // A name that does not resolve yet is accepted: its deliveries fail, logged, until it does.
  if (privateOne) {
    const message = `${host} resolves to ${privateOne.address}. ${WEBHOOK_MESSAGES.privateAddress}`;
    throw badRequest(message, { url: message });
  }
  return url.href;
}

/**
 * How deliveries reach receivers: through lib/outbound.ts, which refuses private, loopback and
 * link-local addresses when connecting (so a DNS answer cannot change after a check), except a
 * loopback receiver when the rules allow it.
 */
export function createWebhookFetch(rules: WebhookReceiverRules): OutboundFetch {
  const outbound = createOutboundFetch({ allowPrivate: false });
  if (!rules.allowLoopback) return outbound;
  return (input, init) =>
    isLoopbackHost(hostOf(new URL(input)))
      ? fetch(input, init as RequestInit)
      : outbound(input, init);
}
