/** A real SMTP server (smtp-server) on a loopback port that keeps what it receives, decoded. */
import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedEmail[];
  /** Waits for the next message to `to` that arrives after this call's `since` index. */
  waitFor(to: string, predicate?: (email: ReceivedEmail) => boolean): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  if (end < 0) return { headers: parseHeaders(raw), body: '' };
  const separator = raw.slice(end).startsWith('\r\n\r\n') ? 4 : 2;
  return { headers: parseHeaders(raw.slice(0, end)), body: raw.slice(end + separator) };
}

/** Text and HTML of a MIME message as nodemailer writes it (single part or multipart/alternative). */
export function parseEmail(raw: string): Omit<ReceivedEmail, 'to'> {
  const { headers, body } = splitPart(raw);
  const result = { subject: headers.get('subject') ?? '', text: '', html: '' };
  const walk = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitPart(chunk.replace(/^\r?\n/, ''));
        walk(part.headers, part.body);
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders.get('content-transfer-encoding'));
    if (type.toLowerCase().startsWith('text/html')) result.html = decoded;
    else if (type.toLowerCase().startsWith('text/plain')) result.text = decoded;
  };
  walk(headers, body);
  return result;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parseEmail(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const seen = new Set<ReceivedEmail>();

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, predicate = () => true) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = received.find(
          (email) => !seen.has(email) && email.to.includes(to.toLowerCase()) && predicate(email),
        );
        if (found) {
          seen.add(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
