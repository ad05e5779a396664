import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@laurel/contract/messages';
import { INVITATION_MESSAGES } from '@laurel/contract/invitations';
import { ROLE_LABELS } from '@laurel/contract/roles';
import { INSIGHT_FIGURES } from '@laurel/contract/insight-figures';

import { catalogueProblems } from '../../test/catalogue-check';
import fixtureEn from '../../test/fixtures/catalogue-missing-key/en.json';
import fixtureEs from '../../test/fixtures/catalogue-missing-key/es.json';
import en from './messages/en.json';
import es from './messages/es.json';

describe('the message catalogues', () => {
  it('have the same keys, and every message parses with the same arguments in both', () => {
    expect(catalogueProblems(en, es, 'es')).toEqual([]);
  });

  it('the check fails on a missing key', () => {
    expect(catalogueProblems(fixtureEn, fixtureEs, 'es')).toEqual(['es lacks "signOut"']);
  });

  it('the check fails on a key only the translation has, a broken message or other arguments', () => {
    expect(
      catalogueProblems(
        { a: 'Hello, {name}', b: 'Files: {count, number}', c: 'Go <link>there</link>' },
        { a: 'Hola, {nombre}', b: 'Archivos: {count, number', c: 'Ir allá', d: 'Extra' },
        'es',
      ),
    ).toEqual([
      'en lacks "d" (found in es)',
      'es "a" takes nombre:text; en takes name:text',
      'es "b" is not a valid ICU message: EXPECT_ARGUMENT_CLOSING_BRACE',
      'es "c" takes nothing; en takes <link>',
    ]);
  });

  it("keep the specification's exact English texts unchanged in English", () => {
    const named: Array<[string, string]> = [
      ...Object.entries(MESSAGES).map(
        ([key, text]) => [`messages.${key}`, text] as [string, unknown],
      ),
      ...Object.entries(INVITATION_MESSAGES).map(
        ([key, text]) => [`invitations.${key}`, text] as [string, unknown],
      ),
      ...Object.entries(ROLE_LABELS).map(
        ([key, text]) => [`roles.${key}`, text] as [string, unknown],
      ),
      ...INSIGHT_FIGURES.map(
        (figure) => [`insights.figure.${figure.key}`, figure.title] as [string, unknown],
      ),
    ].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    const english: Record<string, string> = en;
    const inCatalogue = named.filter(([key]) => key in english);
    expect(inCatalogue.length).toBeGreaterThan(0);
    for (const [key, text] of inCatalogue) expect(english[key], key).toBe(text);
    // A catalogue key under these prefixes names a text of the specification that exists.
    const keys = new Set(named.map(([key]) => key));
    for (const key of Object.keys(english).filter((id) =>
      /^(messages|invitations|roles|insights\.figure)\./.test(id),
    ))
      expect(keys.has(key), key).toBe(true);
  });
});
