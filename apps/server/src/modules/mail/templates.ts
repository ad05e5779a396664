/**
 * The e-mails Laurel sends, each as HTML and plain text, in the recipient's language (decision
 * 066). Values are escaped; links are absolute (built from PUBLIC_URL) so that they work from any
 * mail client.
 */
import { formatMessage, LOCALES, type MessageValues } from '@laurel/contract/i18n/messages';
import type { TLanguage } from '@laurel/contract/profile';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { MAIL_MESSAGES_EN, type MailMessageKey } from '../../i18n/mail.en.ts';
import { MAIL_MESSAGES_ES } from '../../i18n/mail.es.ts';
import type { OutgoingEmail } from './mail.repository.ts';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A value shown in bold inside a translated sentence: marked, then escaped, then tagged. */
const strong = (value: string) => `\u0000${value}\u0001`;
const emphasized = (text: string) =>
  escape(text).replaceAll('\u0000', '<strong>').replaceAll('\u0001', '</strong>');

const ROLE_KEYS: Record<RoleId, MailMessageKey> = {
  [ROLES.PLATFORM_ADMIN]: 'role.platformAdmin',
  [ROLES.ORGANIZATION_ADMIN]: 'role.organizationAdmin',
  [ROLES.USER]: 'role.user',
};

const CATALOGUES = { en: MAIL_MESSAGES_EN, es: MAIL_MESSAGES_ES };

/** The words of one language's e-mails. */
const wordsIn =
  (language: TLanguage) =>
  (key: MailMessageKey, values?: MessageValues): string =>
    formatMessage(CATALOGUES[language], language, key, values);

/** One HTML layout for every message: a header band, the body, a quiet footer. */
function layout(language: TLanguage, title: string, body: string, footer?: string): string {
  footer ??= wordsIn(language)('layout.footer');
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f9;font-family:Lato,Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f9;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0E4D8F;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">Laurel</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escape(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

function button(language: TLanguage, href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escape(href)}" style="background:#376fd0;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:bold">${escape(label)}</a></p>
<p style="font-size:13px;color:#6b7280">${escape(wordsIn(language)('layout.openAddress'))} <a href="${escape(href)}" style="color:#376fd0;word-break:break-all">${escape(href)}</a></p>`;
}

const formatDate = (language: TLanguage, date: Date) =>
  date.toLocaleDateString(LOCALES[language], {
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
  roleId: RoleId;
  link: string;
  expiresAt: Date;
  isFederated: boolean;
  language: TLanguage;
}): OutgoingEmail {
  const { language } = input;
  const t = wordsIn(language);
  const organization = input.organizationName;
  const subject = t('invitation.subject', { organization });
  const how = input.isFederated
    ? t('invitation.federated', { organization })
    : t('invitation.password');
  const until = formatDate(language, input.expiresAt);
  const invited = { inviter: input.inviterName, organization, role: t(ROLE_KEYS[input.roleId]) };
  const text = [
    t('hello', { name: input.firstName }),
    '',
    t('invitation.invited', invited),
    how,
    '',
    t('invitation.accept', { link: input.link }),
    '',
    t('invitation.expires', { date: until }),
  ].join('\n');
  const html = layout(
    language,
    subject,
    `<p>${escape(t('hello', { name: input.firstName }))}</p>
<p>${emphasized(t('invitation.invited', { ...invited, inviter: strong(invited.inviter), organization: strong(organization) }))}</p>
<p>${escape(how)}</p>
${button(language, input.link, t('invitation.button'))}
<p style="font-size:13px;color:#6b7280">${escape(t('invitation.expires', { date: until }))}</p>`,
  );
  return { to: input.to, subject, text, html, secrets: [input.link] };
}

export function resetCodeEmail(input: {
  to: string;
  code: string;
  expiresInMinutes: number;
  resetUrl: string;
  language: TLanguage;
}): OutgoingEmail {
  const { language } = input;
  const t = wordsIn(language);
  const subject = t('resetCode.subject');
  const lifetime =
    input.expiresInMinutes % 60 === 0
      ? t('resetCode.lifetimeHours', { hours: input.expiresInMinutes / 60 })
      : t('resetCode.lifetimeMinutes', { minutes: input.expiresInMinutes });
  const text = [
    t('resetCode.codeIs', { code: input.code, lifetime }),
    '',
    t('resetCode.enterHere', { link: input.resetUrl }),
    '',
    t('resetCode.notYou'),
  ].join('\n');
  const html = layout(
    language,
    subject,
    `<p>${escape(t('resetCode.codeIsHtml'))}</p>
<p style="font-family:Menlo,Consolas,monospace;font-size:24px;letter-spacing:4px"><strong>${escape(input.code)}</strong></p>
<p>${escape(t('resetCode.expiresIn', { lifetime }))}</p>
${button(language, input.resetUrl, t('resetCode.button'))}
<p style="font-size:13px;color:#6b7280">${escape(t('resetCode.notYou'))}</p>`,
  );
  return { to: input.to, subject, text, html, secrets: [input.code] };
}

/** A one-time sign-in code (choice-based sign-in with a code, or the e-mailed second step). */
export function signInCodeEmail(input: {
  to: string;
  code: string;
  expiresInMinutes: number;
  language: TLanguage;
}): OutgoingEmail {
  const { language } = input;
  const t = wordsIn(language);
  const subject = t('signInCode.subject');
  const minutes = input.expiresInMinutes;
  const text = [
    t('signInCode.codeIs', { code: input.code, minutes }),
    '',
    t('signInCode.notYou'),
  ].join('\n');
  const html = layout(
    language,
    subject,
    `<p>${escape(t('signInCode.codeIsHtml'))}</p>
<p style="font-family:Menlo,Consolas,monospace;font-size:24px;letter-spacing:4px"><strong>${escape(input.code)}</strong></p>
<p>${escape(t('signInCode.expiresIn', { minutes }))}</p>
<p style="font-size:13px;color:#6b7280">${escape(t('signInCode.notYou'))}</p>`,
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
  language: TLanguage;
}): OutgoingEmail {
  const { language } = input;
  const t = wordsIn(language);
  const names = { issuer: input.issuerName, achievement: input.achievementName };
  const subject = t('credentialIssued.subject', names);
  const text = [
    t('hello', { name: input.firstName }),
    '',
    t('credentialIssued.issued', names),
    t('credentialIssued.anyone'),
    '',
    t('credentialIssued.link', { link: input.link }),
    '',
    t('credentialIssued.page'),
  ].join('\n');
  const html = layout(
    language,
    subject,
    `<p>${escape(t('hello', { name: input.firstName }))}</p>
<p>${emphasized(t('credentialIssued.issued', { issuer: strong(names.issuer), achievement: strong(names.achievement) }))} ${escape(t('credentialIssued.anyone'))}</p>
${button(language, input.link, t('credentialIssued.button'))}
<p style="font-size:13px;color:#6b7280">${escape(t('credentialIssued.page'))}</p>`,
    t('credentialIssued.footer', { issuer: input.issuerName }),
  );
  return { to: input.to, subject, text, html };
}

/**
 * An organization admin's message when one of its webhook endpoints was disabled (it answered
 * 410 Gone, or every delivery failed for three days): which one, why, and where to turn it on.
 * The reason is the delivery's own record and stays as it was written.
 */
export function webhookDisabledEmail(input: {
  to: string;
  firstName: string;
  organizationName: string;
  url: string;
  reason: string;
  link: string;
  language: TLanguage;
}): OutgoingEmail {
  const { language } = input;
  const t = wordsIn(language);
  const subject = t('webhookDisabled.subject', { organization: input.organizationName });
  const text = [
    t('hello', { name: input.firstName }),
    '',
    t('webhookDisabled.stopped', { url: input.url }),
    input.reason,
    '',
    t('webhookDisabled.enable'),
    '',
    t('webhookDisabled.link', { link: input.link }),
  ].join('\n');
  const stopped = t('webhookDisabled.stopped', { url: '\u0000' });
  const [before = '', after = ''] = stopped.split('\u0000');
  const html = layout(
    language,
    subject,
    `<p>${escape(t('hello', { name: input.firstName }))}</p>
<p>${escape(before)}<strong style="word-break:break-all">${escape(input.url)}</strong>${escape(after)}</p>
<p>${escape(input.reason)}</p>
<p>${escape(t('webhookDisabled.enable'))}</p>
${button(language, input.link, t('webhookDisabled.button'))}`,
  );
  return { to: input.to, subject, text, html };
}
