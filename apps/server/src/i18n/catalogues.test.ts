import { describe, expect, it } from 'vitest';

import { CREDENTIAL_DATA_GAP_CODES } from '@laurel/contract/constants';
import { catalogueProblems } from '@laurel/contract/i18n/messages';
import { INSIGHT_FIGURES } from '@laurel/contract/insight-figures';

import { MAIL_MESSAGES_EN } from './mail.en.ts';
import { MAIL_MESSAGES_ES } from './mail.es.ts';
import { REPORT_MESSAGES_EN } from './report.en.ts';
import { REPORT_MESSAGES_ES } from './report.es.ts';
import { VERIFY_MESSAGES_EN } from './verify.en.ts';
import { VERIFY_MESSAGES_ES } from './verify.es.ts';

const NAMES = { reference: 'English', catalogue: 'Spanish' };

describe("the server's own catalogues", () => {
  it.each([
    ['e-mails', MAIL_MESSAGES_EN, MAIL_MESSAGES_ES],
    ['reports', REPORT_MESSAGES_EN, REPORT_MESSAGES_ES],
    ['verification pages', VERIFY_MESSAGES_EN, VERIFY_MESSAGES_ES],
  ])('%s: the same keys in English and Spanish, each with the same arguments', (_, en, es) => {
    expect(catalogueProblems(en, es, NAMES)).toEqual([]);
  });

  it('fail the check on a missing key', () => {
    const { subject: _dropped, ...missing } = REPORT_MESSAGES_ES;
    expect(catalogueProblems(REPORT_MESSAGES_EN, missing, NAMES)).toEqual([
      'Spanish lacks subject',
    ]);
  });

  it('name every insight figure and every reason for missing data in the report', () => {
    const keys = Object.keys(REPORT_MESSAGES_EN);
    for (const figure of INSIGHT_FIGURES) expect(keys).toContain(`figure.${figure.key}`);
    for (const code of CREDENTIAL_DATA_GAP_CODES) expect(keys).toContain(`gap.${code}`);
  });
});
