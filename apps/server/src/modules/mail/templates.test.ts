import { describe, expect, it } from 'vitest';

import { catalogueProblems } from '@laurel/contract/i18n/messages';
import { ROLES } from '@laurel/contract/roles';
import type { TLanguage } from '@laurel/contract/profile';

import { MAIL_MESSAGES_EN } from '../../i18n/mail.en.ts';
import { MAIL_MESSAGES_ES } from '../../i18n/mail.es.ts';
import type { OutgoingEmail } from './mail.repository.ts';
import {
  credentialIssuedEmail,
  insightsDigestEmail,
  invitationEmail,
  resetCodeEmail,
  signInCodeEmail,
  webhookDisabledEmail,
} from './templates.ts';

/** Every e-mail Laurel sends, rendered in one language. */
const EMAILS: Record<string, (language: TLanguage) => OutgoingEmail> = {
  invitation: (language) =>
    invitationEmail({
      to: 'lucia@example.org',
      firstName: 'Lucía',
      organizationName: 'Northwind <Technical> College',
      inviterName: 'Ada Alpha',
      roleId: ROLES.ORGANIZATION_ADMIN,
      link: 'https://laurel.example/accept?token=abc&x=1',
      expiresAt: new Date('2027-01-31T12:00:00Z'),
      isFederated: false,
      language,
    }),
  resetCode: (language) =>
    resetCodeEmail({
      to: 'lucia@example.org',
      code: '123456',
      expiresInMinutes: 60,
      resetUrl: 'https://laurel.example/auth/reset-password?email=lucia%40example.org',
      language,
    }),
  signInCode: (language) =>
    signInCodeEmail({ to: 'lucia@example.org', code: '654321', expiresInMinutes: 10, language }),
  credentialIssued: (language) =>
    credentialIssuedEmail({
      to: 'lucia@example.org',
      firstName: 'Lucía',
      achievementName: 'Welding Certificate',
      issuerName: 'Northwind Technical College',
      link: 'https://laurel.example/verify/abc',
      language,
    }),
  webhookDisabled: (language) =>
    webhookDisabledEmail({
      to: 'admin@example.org',
      firstName: 'Ada',
      organizationName: 'Northwind Technical College',
      url: 'https://sis.example.edu/hooks',
      reason: 'The receiver answered 410 Gone.',
      link: 'https://laurel.example/organizations/2/webhooks',
      language,
    }),
  insightsDigest: (language) =>
    insightsDigestEmail({
      to: 'admin@example.org',
      firstName: 'Ada',
      organizationName: 'Northwind <Technical> College',
      month: '2027-01',
      figures: {
        awards: 1234,
        matched: { count: 980, lessThan: null },
        salary: { value: 52_300, lessThan: null, reason: null },
        employmentRate: { value: null, lessThan: 10, reason: 'FEWER_THAN_MIN' },
      },
      previous: {
        awards: 1200,
        matched: { count: 980, lessThan: null },
        salary: { value: 51_000, lessThan: null, reason: null },
        employmentRate: { value: 0.64, lessThan: null, reason: null },
      },
      link: 'https://laurel.example/organizations/2/insights',
      language,
    }),
};

/** Words each e-mail must say in each language (the subject in full). */
const SAID: Record<string, Record<TLanguage, { subject: string; text: string[] }>> = {
  invitation: {
    en: {
      subject: "You're invited to Northwind <Technical> College on Laurel",
      text: [
        'Hello Lucía,',
        'Ada Alpha invited you to join Northwind <Technical> College on Laurel as Organization Admin.',
        'The link works once and expires on January 31, 2027.',
      ],
    },
    es: {
      subject: 'Lo invitan a unirse a Northwind <Technical> College en Laurel',
      text: [
        'Hola, Lucía:',
        'Ada Alpha lo invitó a unirse a Northwind <Technical> College en Laurel como administrador de la organización.',
        'El enlace funciona una sola vez y vence el 31 de enero de 2027.',
      ],
    },
  },
  resetCode: {
    en: {
      subject: 'Your password reset code',
      text: ['Your password reset code is 123456. It expires in 1 hour.'],
    },
    es: {
      subject: 'Su código para restablecer la contraseña',
      text: ['Su código para restablecer la contraseña es 123456. Vence en 1 hora.'],
    },
  },
  signInCode: {
    en: {
      subject: 'Your sign-in code',
      text: ['Your sign-in code is 654321. It expires in 10 minutes and works once.'],
    },
    es: {
      subject: 'Su código de inicio de sesión',
      text: [
        'Su código de inicio de sesión es 654321. Vence en 10 minutos y funciona una sola vez.',
      ],
    },
  },
  credentialIssued: {
    en: {
      subject: 'Your credential from Northwind Technical College: Welding Certificate',
      text: [
        'Northwind Technical College has issued you a digital credential for Welding Certificate.',
      ],
    },
    es: {
      subject: 'Su credencial de Northwind Technical College: Welding Certificate',
      text: [
        'Northwind Technical College le emitió una credencial digital por Welding Certificate.',
      ],
    },
  },
  webhookDisabled: {
    en: {
      subject: 'A webhook endpoint of Northwind Technical College was disabled',
      text: [
        'Laurel stopped sending events to the webhook endpoint https://sis.example.edu/hooks.',
      ],
    },
    es: {
      subject: 'Se desactivó un webhook de Northwind Technical College',
      text: ['Laurel dejó de enviar eventos al webhook https://sis.example.edu/hooks.'],
    },
  },
  insightsDigest: {
    en: {
      subject: 'Insights digest of Northwind <Technical> College: January 2027',
      text: [
        'Hello Ada,',
        'Awards: 1,234 (+34 since the last digest)',
        'Matched: 980 (unchanged since the last digest)',
        'Median salary one year after the award: $52,300 (+$1,300 since the last digest)',
        'Employment rate: fewer than 10 people (previously 64%)',
        'Every figure and the PDF report: https://laurel.example/organizations/2/insights',
      ],
    },
    es: {
      subject: 'Resumen mensual de indicadores de Northwind <Technical> College: enero de 2027',
      text: [
        'Hola, Ada:',
        'Otorgamientos: 1,234 (+34 desde el resumen anterior)',
        'Vinculados: 980 (sin cambios desde el resumen anterior)',
        'Salario mediano un año después del otorgamiento: USD\u00a052,300 (+USD\u00a01,300 desde el resumen anterior)',
        'Tasa de empleo: menos de 10 personas (antes: 64%)',
        'Todas las cifras y el informe en PDF: https://laurel.example/organizations/2/insights',
      ],
    },
  },
};

describe('the e-mail catalogues', () => {
  it('have the same keys in English and Spanish, each with the same arguments', () => {
    expect(
      catalogueProblems(MAIL_MESSAGES_EN, MAIL_MESSAGES_ES, {
        reference: 'English',
        catalogue: 'Spanish',
      }),
    ).toEqual([]);
  });
});

describe.each(['en', 'es'] as const)('every e-mail in %s', (language) => {
  const other = language === 'en' ? 'es' : 'en';

  it.each(Object.keys(EMAILS))('%s: subject, text and HTML in the language', (name) => {
    const email = EMAILS[name]!(language);
    const said = SAID[name]![language];
    expect(email.subject).toBe(said.subject);
    for (const line of said.text) expect(email.text.split('\n')).toContain(line);
    expect(email.html).toContain(`<html lang="${language}">`);
    // Nothing of the other language's sentences, no argument left unformatted.
    for (const line of SAID[name]![other].text) expect(email.text).not.toContain(line);
    expect(`${email.subject}\n${email.text}\n${email.html}`).not.toMatch(/\{[a-z]+\}/);
    // Values are escaped in the HTML and shown in bold inside the translated sentence.
    expect(email.html).not.toContain('<Technical>');
    if (name === 'invitation' || name === 'insightsDigest') {
      expect(email.html).toContain('<strong>Northwind &lt;Technical&gt; College</strong>');
    }
    if (name === 'invitation') {
      expect(email.html).toContain('accept?token=abc&amp;x=1');
    }
  });
});

describe('the insights digest', () => {
  const figures = {
    awards: 0,
    matched: { count: null, lessThan: 10 },
    salary: { value: null, lessThan: null, reason: 'TOO_RECENT' as const },
    employmentRate: { value: null, lessThan: null, reason: 'WITHHELD' as const },
  };
  const digest = (language: TLanguage) =>
    insightsDigestEmail({
      to: 'admin@example.org',
      firstName: 'Ada',
      organizationName: 'Northwind Technical College',
      month: '2027-02',
      figures,
      previous: null,
      link: 'https://laurel.example/organizations/2/insights',
      language,
    });

  it('says hidden figures as the insights page does, and that the first digest is the first', () => {
    expect(digest('en').text.split('\n')).toEqual([
      'Hello Ada,',
      '',
      'The headline figures of Northwind Technical College over all its credentials, as its insights page shows them today:',
      '',
      'Awards: 0',
      'Matched: fewer than 10 people',
      'Median salary one year after the award: not yet known: the awards are too recent',
      'Employment rate: withheld',
      '',
      'This is your first insights digest; the next one will say how each figure changed.',
      '',
      'Every figure and the PDF report: https://laurel.example/organizations/2/insights',
    ]);
    expect(digest('es').text).toContain('Tasa de empleo: reservado');
    expect(digest('es').text).toContain('Este es su primer resumen mensual de indicadores');
    expect(digest('en').html).toContain('https://laurel.example/organizations/2/insights');
  });

  it('tells a change of the employment rate in percentage points, and a drop with its sign', () => {
    const email = insightsDigestEmail({
      to: 'admin@example.org',
      firstName: 'Ada',
      organizationName: 'Northwind Technical College',
      month: '2027-02',
      figures: {
        ...figures,
        awards: 90,
        employmentRate: { value: 0.7, lessThan: null, reason: null },
      },
      previous: {
        ...figures,
        awards: 100,
        employmentRate: { value: 0.64, lessThan: null, reason: null },
      },
      link: 'https://laurel.example/organizations/2/insights',
      language: 'en',
    });
    expect(email.text).toContain('Awards: 90 (-10 since the last digest)');
    expect(email.text).toContain(
      'Employment rate: 70% (+6 percentage points since the last digest)',
    );
    expect(email.text).toContain('Matched: fewer than 10 people (unchanged since the last digest)');
    expect(email.text).not.toContain('first insights digest');
  });
});

describe('the English e-mails', () => {
  it('read as they always did', () => {
    const invitation = EMAILS.invitation!('en');
    expect(invitation.text).toBe(
      [
        'Hello Lucía,',
        '',
        'Ada Alpha invited you to join Northwind <Technical> College on Laurel as Organization Admin.',
        'Open the link to choose your password; you are signed in right after.',
        '',
        'Accept the invitation: https://laurel.example/accept?token=abc&x=1',
        '',
        'The link works once and expires on January 31, 2027.',
      ].join('\n'),
    );
    expect(
      resetCodeEmail({
        to: 'a@b.c',
        code: '1',
        expiresInMinutes: 120,
        resetUrl: 'u',
        language: 'en',
      }).text,
    ).toMatch(/^Your password reset code is 1\. It expires in 2 hours\./);
    expect(
      resetCodeEmail({
        to: 'a@b.c',
        code: '1',
        expiresInMinutes: 45,
        resetUrl: 'u',
        language: 'es',
      }).text,
    ).toMatch(/^Su código para restablecer la contraseña es 1\. Vence en 45 minutos\./);
    expect(EMAILS.credentialIssued!('en').html).toContain(
      'You received this e-mail because Northwind Technical College recorded this award with your address.',
    );
    expect(EMAILS.credentialIssued!('es').html).toContain(
      'Recibió este correo electrónico porque Northwind Technical College registró este otorgamiento',
    );
  });
});
