/**
 * The e-mails Laurel sends, each as HTML and plain text. Values are escaped; links are absolute
 * (built from PUBLIC_URL) so that they work from any mail client.
 */
import type { OutgoingEmail } from './mail.repository.ts';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const ACCOUNT_FOOTER =
  'You received this e-mail because of an account at Laurel. If you did not expect it, you can ignore it.';

/** One HTML layout for every message: a header band, the body, a quiet footer. */
function layout(title: string, body: string, footer = ACCOUNT_FOOTER): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f9;font-family:Lato,Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f9;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0E4D8F;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">Laurel</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escape(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escape(href)}" style="background:#376fd0;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:bold">${escape(label)}</a></p>
<p style="font-size:13px;color:#6b7280">Or open this address: <a href="${escape(href)}" style="color:#376fd0;word-break:break-all">${escape(href)}</a></p>`;
}

const formatDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function invitationEmail(input: {
  to: string;
  firstName: string;
  organizationName: string;
  inviterName: string;
  roleLabel: string;
  link: string;
  expiresAt: Date;
  isFederated: boolean;
}): OutgoingEmail {
  const subject = `You're invited to ${input.organizationName} on Laurel`;
  const how = input.isFederated
    ? `You will sign in with your ${input.organizationName} company account.`
    : 'Open the link to choose your password; you are signed in right after.';
  const until = formatDate(input.expiresAt);
  const text = [
    `Hello ${input.firstName},`,
    '',
    `${input.inviterName} invited you to join ${input.organizationName} on Laurel as ${input.roleLabel}.`,
    how,
    '',
    `Accept the invitation: ${input.link}`,
    '',
    `The link works once and expires on ${until}.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Hello ${escape(input.firstName)},</p>
<p><strong>${escape(input.inviterName)}</strong> invited you to join <strong>${escape(input.organizationName)}</strong> on Laurel as ${escape(input.roleLabel)}.</p>
<p>${escape(how)}</p>
${button(input.link, 'Accept invitation')}
<p style="font-size:13px;color:#6b7280">The link works once and expires on ${escape(until)}.</p>`,
  );
  return { to: input.to, subject, text, html, secrets: [input.link] };
}

export function resetCodeEmail(input: {
  to: string;
  code: string;
  expiresInMinutes: number;
  resetUrl: string;
}): OutgoingEmail {
  const subject = 'Your password reset code';
  const lifetime =
    input.expiresInMinutes % 60 === 0
      ? `${input.expiresInMinutes / 60} hour${input.expiresInMinutes === 60 ? '' : 's'}`
      : `${input.expiresInMinutes} minutes`;
  const text = [
    `Your password reset code is ${input.code}. It expires in ${lifetime}.`,
    '',
    `Enter it here: ${input.resetUrl}`,
    '',
    'If you did not ask to reset your password, ignore this message.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Your password reset code is:</p>
<p style="font-family:Menlo,Consolas,monospace;font-size:24px;letter-spacing:4px"><strong>${escape(input.code)}</strong></p>
<p>It expires in ${escape(lifetime)}.</p>
${button(input.resetUrl, 'Reset password')}
<p style="font-size:13px;color:#6b7280">If you did not ask to reset your password, ignore this message.</p>`,
  );
  return { to: input.to, subject, text, html, secrets: [input.code] };
}

/** A one-time sign-in code (choice-based sign-in with a code, or the e-mailed second step). */
export function signInCodeEmail(input: {
  to: string;
  code: string;
  expiresInMinutes: number;
}): OutgoingEmail {
  const subject = 'Your sign-in code';
  const text = [
    `Your sign-in code is ${input.code}. It expires in ${input.expiresInMinutes} minutes and works once.`,
    '',
    'If you did not try to sign in, ignore this message; someone may have typed your address by mistake.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Your sign-in code is:</p>
<p style="font-family:Menlo,Consolas,monospace;font-size:24px;letter-spacing:4px"><strong>${escape(input.code)}</strong></p>
<p>It expires in ${escape(String(input.expiresInMinutes))} minutes and works once.</p>
<p style="font-size:13px;color:#6b7280">If you did not try to sign in, ignore this message; someone may have typed your address by mistake.</p>`,
  );
  return { to: input.to, subject, text, html, secrets: [input.code] };
}

/**
 * The holder's message when a signed credential of their award is issued: the link of its public
 * page, where they download it, share it or add it to LinkedIn. No figure about them is in it.
 */
export function credentialIssuedEmail(input: {
  to: string;
  firstName: string;
  achievementName: string;
  issuerName: string;
  link: string;
}): OutgoingEmail {
  const subject = `Your credential from ${input.issuerName}: ${input.achievementName}`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `${input.issuerName} has issued you a digital credential for ${input.achievementName}.`,
    'Anyone you give its link to can check that it is genuine, without an account.',
    '',
    `Your credential: ${input.link}`,
    '',
    'On that page you can download the credential file for a digital wallet, copy its link, show a QR code or add it to your LinkedIn profile.',
  ].join('\n');
  const html = layout(
    subject,
    `<p>Hello ${escape(input.firstName)},</p>
<p><strong>${escape(input.issuerName)}</strong> has issued you a digital credential for <strong>${escape(input.achievementName)}</strong>. Anyone you give its link to can check that it is genuine, without an account.</p>
${button(input.link, 'View your credential')}
<p style="font-size:13px;color:#6b7280">On that page you can download the credential file for a digital wallet, copy its link, show a QR code or add it to your LinkedIn profile.</p>`,
    `You received this e-mail because ${input.issuerName} recorded this award with your address. If it is not yours, you can ignore it.`,
  );
  return { to: input.to, subject, text, html };
}

/**
 * An organization admin's message when one of its webhook endpoints was disabled (it answered
 * 410 Gone, or every delivery failed for three days): which one, why, and where to turn it on.
 */
export function webhookDisabledEmail(input: {
  to: string;
  firstName: string;
  organizationName: string;
  url: string;
  reason: string;
  link: string;
}): OutgoingEmail {
  const subject = `A webhook endpoint of ${input.organizationName} was disabled`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Laurel stopped sending events to the webhook endpoint ${input.url}.`,
    input.reason,
    '',
    'Once the receiver answers again, enable the endpoint; events that were waiting are sent then.',
    '',
    `Webhooks: ${input.link}`,
  ].join('\n');
  const html = layout(
    subject,
    `<p>Hello ${escape(input.firstName)},</p>
<p>Laurel stopped sending events to the webhook endpoint <strong style="word-break:break-all">${escape(input.url)}</strong>.</p>
<p>${escape(input.reason)}</p>
<p>Once the receiver answers again, enable the endpoint; events that were waiting are sent then.</p>
${button(input.link, 'Open webhooks')}`,
  );
  return { to: input.to, subject, text, html };
}
