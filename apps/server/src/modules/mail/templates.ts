/**
 * The e-mails Laurel sends, each as HTML and plain text, in the recipient's language (decision
 * 066). Values are escaped; links are absolute (built from PUBLIC_URL) so that they work from any
 * mail client.
 */
import { formatMessage, LOCALES, type MessageValues } from '@laurel/contract/i18n/messages';
import type { TLanguage } from '@laurel/contract/profile';
import type { TPeopleCount } from '@laurel/contract/insights';
import { ROLES, type RoleId } from '@laurel/contract/roles';

import { MAIL_MESSAGES_EN, type MailMessageKey } from '../../i18n/mail.en.ts';
import { MAIL_MESSAGES_ES } from '../../i18n/mail.es.ts';
import type { DigestFigures, PublishedFigure } from '../insights/insights-digest.ts';
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

/** A figure's value as the insights page publishes it, or why it is hidden there. */
type Shown = { value: number; text: string } | { value: null; text: string };

/**
 * An organization admin's monthly insights digest: the organization's headline figures as its
 * insights page publishes them (hidden ones say why), each with its change since the person's
 * previous digest (none in the first), and the link to the insights page and its PDF report.
 */
export function insightsDigestEmail(input: {
  to: string;
  firstName: string;
  organizationName: string;
  /** `YYYY-MM`. */
  month: string;
  figures: DigestFigures;
  /** What the previous digest said; null for the first. */
  previous: DigestFigures | null;
  link: string;
  language: TLanguage;
}): OutgoingEmail {
  const { language, figures, previous } = input;
  const t = wordsIn(language);
  const locale = LOCALES[language];
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const signedWhole = new Intl.NumberFormat(locale, {
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  });
  const dollars = (signDisplay: 'auto' | 'exceptZero') =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
      signDisplay,
    });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const signedPoints = new Intl.NumberFormat(locale, {
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  });
  const organization = input.organizationName;
  const [year = 0, monthNumber = 1] = input.month.split('-').map(Number);
  const month = new Date(Date.UTC(year, monthNumber - 1, 1)).toLocaleDateString(locale, {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const subject = t('insightsDigest.subject', { organization, month });

  const hidden = (figure: PublishedFigure): string =>
    figure.reason === 'TOO_RECENT'
      ? t('insightsDigest.tooRecent')
      : figure.reason === 'WITHHELD'
        ? t('insightsDigest.withheld')
        : figure.lessThan !== null
          ? t('insightsDigest.fewerThan', { min: figure.lessThan })
          : t('insightsDigest.notAvailable');
  const people = (count: TPeopleCount): Shown =>
    count.count !== null
      ? { value: count.count, text: whole.format(count.count) }
      : {
          value: null,
          text:
            count.lessThan !== null
              ? t('insightsDigest.fewerThan', { min: count.lessThan })
              : t('insightsDigest.withheld'),
        };
  const shownWith =
    (format: (value: number) => string) =>
    (figure: PublishedFigure): Shown =>
      figure.value !== null
        ? { value: figure.value, text: format(figure.value) }
        : { value: null, text: hidden(figure) };
  const money = shownWith((v) => dollars('auto').format(Math.round(v)));
  const rate = shownWith((v) => percent.format(Math.round(v * 100) / 100));

  /** The change from the previous digest's figure, in the figure's own unit. */
  const change = (now: Shown, before: Shown, kind: 'count' | 'money' | 'rate'): string => {
    if (now.value === null || before.value === null)
      return now.text === before.text
        ? t('insightsDigest.unchanged')
        : t('insightsDigest.previously', { value: before.text });
    if (kind === 'rate') {
      const points = Math.round(now.value * 100) - Math.round(before.value * 100);
      return points === 0
        ? t('insightsDigest.unchanged')
        : t('insightsDigest.points', { change: signedPoints.format(points) });
    }
    const difference = Math.round(now.value) - Math.round(before.value);
    if (difference === 0) return t('insightsDigest.unchanged');
    const text =
      kind === 'money' ? dollars('exceptZero').format(difference) : signedWhole.format(difference);
    return t('insightsDigest.change', { change: text });
  };

  const awards = (f: DigestFigures): Shown => ({
    value: f.awards,
    text: whole.format(f.awards),
  });
  const rows = [
    { key: 'insightsDigest.awards', kind: 'count', of: awards },
    { key: 'insightsDigest.matched', kind: 'count', of: (f) => people(f.matched) },
    { key: 'insightsDigest.salary', kind: 'money', of: (f) => money(f.salary) },
    { key: 'insightsDigest.employmentRate', kind: 'rate', of: (f) => rate(f.employmentRate) },
  ] satisfies Array<{
    key: MailMessageKey;
    kind: 'count' | 'money' | 'rate';
    of: (f: DigestFigures) => Shown;
  }>;
  const lines = rows.map((row) => {
    const now = row.of(figures);
    return {
      figure: t(row.key),
      value: now.text,
      change: previous ? change(now, row.of(previous), row.kind) : null,
    };
  });
  const lineText = (line: (typeof lines)[number]) =>
    line.change === null
      ? t('insightsDigest.line', { figure: line.figure, value: line.value })
      : t('insightsDigest.lineChanged', { ...line, change: line.change });

  const text = [
    t('hello', { name: input.firstName }),
    '',
    t('insightsDigest.intro', { organization }),
    '',
    ...lines.map(lineText),
    ...(previous ? [] : ['', t('insightsDigest.first')]),
    '',
    t('insightsDigest.link', { link: input.link }),
  ].join('\n');
  const html = layout(
    language,
    subject,
    `<p>${escape(t('hello', { name: input.firstName }))}</p>
<p>${emphasized(t('insightsDigest.intro', { organization: strong(organization) }))}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:8px 0 16px">
${lines
  .map(
    (line) =>
      `<tr><td style="padding:6px 0;border-bottom:1px solid #e5e7eb">${escape(line.figure)}</td><td style="padding:6px 0 6px 12px;border-bottom:1px solid #e5e7eb;text-align:right;font-weight:bold">${escape(line.value)}</td></tr>${
        line.change === null
          ? ''
          : `\n<tr><td colspan="2" style="padding:0 0 6px;font-size:13px;color:#6b7280">${escape(line.change)}</td></tr>`
      }`,
  )
  .join('\n')}
</table>
${previous ? '' : `<p>${escape(t('insightsDigest.first'))}</p>\n`}${button(language, input.link, t('insightsDigest.button'))}`,
    t('insightsDigest.footer'),
  );
  return { to: input.to, subject, text, html };
}
