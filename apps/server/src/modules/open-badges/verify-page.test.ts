import { describe, expect, it } from 'vitest';

import { argumentsOf, formatMessage } from '@laurel/contract/i18n/messages';
import type { TVerificationReport } from '@laurel/contract/open-badges';

import { VERIFY_MESSAGES_EN, type VerifyMessageKey } from '../../i18n/verify.en.ts';
import { VERIFY_MESSAGES_ES } from '../../i18n/verify.es.ts';
import { renderCheckPage } from './verify-page.ts';

/** A sample value for each argument of a report sentence. */
const SAMPLES: Record<string, string> = {
  context: 'https://www.w3.org/ns/credentials/v2',
  issuer: 'did:web:laurel.example:issuers:abc',
  cause: 'the document at https://status.example/1 is not the issuer’s',
  url: 'https://status.example/1',
  date: '2031-02-03',
  from: '2024-05-06',
  until: '2029-07-08',
};
const SPANISH_DAYS: Record<string, string> = {
  '2031-02-03': '3 de febrero de 2031',
  '2024-05-06': '6 de mayo de 2024',
  '2029-07-08': '8 de julio de 2029',
};

const reportOf = (message: string): TVerificationReport => ({
  verified: false,
  checkedAt: '2026-11-29T12:00:00.000Z',
  checks: [{ check: 'status', result: 'failed', message }],
  credential: null,
});
const sentenceOf = (page: string) =>
  /<div class="check-title">[^<]*<\/div><div>([^<]*)<\/div>/.exec(page)?.[1];

describe('the verification report on a page in Spanish', () => {
  const keys = (Object.keys(VERIFY_MESSAGES_EN) as VerifyMessageKey[]).filter((key) =>
    key.startsWith('report.'),
  );

  it.each(keys)('%s: the English sentence the verifier writes is shown in Spanish', (key) => {
    const values = Object.fromEntries(
      argumentsOf(VERIFY_MESSAGES_EN[key]).map((name) => [name, SAMPLES[name]!]),
    );
    const english = formatMessage(VERIFY_MESSAGES_EN, 'en', key, values);
    const spanishValues = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, SPANISH_DAYS[value] ?? value]),
    );
    const spanish = formatMessage(VERIFY_MESSAGES_ES, 'es', key, spanishValues);
    const page = (language: 'en' | 'es') =>
      renderCheckPage({ nonce: 'n', language, report: reportOf(english) });
    expect(sentenceOf(page('en'))).toBe(english);
    expect(sentenceOf(page('es'))).toBe(spanish);
  });

  it('translates a cause that is itself a report sentence, and leaves an unknown one as it is', () => {
    const unavailable =
      'The revocation status could not be checked: https://s.example/1 is not available.';
    expect(
      sentenceOf(renderCheckPage({ nonce: 'n', language: 'es', report: reportOf(unavailable) })),
    ).toBe('No se pudo verificar el estado de revocación: https://s.example/1 no está disponible.');
    const unknown = 'A sentence no catalogue has.';
    expect(
      sentenceOf(renderCheckPage({ nonce: 'n', language: 'es', report: reportOf(unknown) })),
    ).toBe(unknown);
  });
});
