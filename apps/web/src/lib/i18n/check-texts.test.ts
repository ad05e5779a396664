import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES, passwordProblem } from '@laurel/contract/sign-in-fields';

import { checkMessageOf, checkText } from './check-texts';
import en from './messages/en.json';
import es from './messages/es.json';

const contractSource = resolve(import.meta.dirname, '../../../../../packages/contract/src');

/** The contract's checks that only the API answers (query strings, machine callers). */
const SERVER_ONLY = new Set([
  'At most 1 awards a page',
  'At most 1 rows a page',
  'code is required',
  'confirmation must be true',
  'state is required',
  'Give a date and time, e.g. 2026-11-28T00:00:00Z.',
  'Give a date and time, e.g. 2027-01-31T00:00:00Z.',
  'Give enabled, showOutcomes or both.',
  'Give the nextCursor of the previous page as it was.',
  'Give up to 200 award ids, separated by commas.',
  'Send at least one row.',
  'Send at most 1 rows at a time.',
  'The invitation link has no token',
]);

/** Every message the contract's schemas give their checks, a `${…}` in one read as 1. */
function contractCheckTexts(): string[] {
  const texts = new Set<string>();
  const check =
    /(?:(?:message|error):\s*|\.(?:min|max|regex|length|gte|lte|refine)\((?:[^()'`]|\([^()]*\))*?,\s*)(['`])((?:(?!\1).)+)\1/g;
  for (const file of readdirSync(contractSource)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(join(contractSource, file), 'utf8');
    for (const found of source.matchAll(check)) texts.add(found[2]!.replace(/\$\{[^}]+\}/g, '1'));
  }
  return [...texts];
}

describe("the contract's form checks in the web's languages", () => {
  it('finds a catalogue message for every check the web shows', () => {
    const texts = [
      ...contractCheckTexts(),
      ...Object.values(SIGN_IN_MESSAGES),
      ...['', 'short', 'x'.repeat(65), 'abcdefghijklmn', 'ABCDEFGHIJKLMN', 'abcdefghijklmN'].map(
        (password) => passwordProblem(password)!,
      ),
    ].filter((text) => !SERVER_ONLY.has(text));
    expect(texts.length).toBeGreaterThan(50);
    const unknown = texts.filter((text) => !checkMessageOf(text));
    expect(unknown).toEqual([]);
  });

  it("gives back the contract's English word for word, and Spanish with its numbers", () => {
    const english = createIntl({ locale: 'en-US', messages: en });
    const spanish = createIntl({ locale: 'es-419', messages: es });
    for (const text of [...contractCheckTexts(), ...Object.values(SIGN_IN_MESSAGES)])
      if (!SERVER_ONLY.has(text)) expect(checkText(english, text)).toBe(text);
    expect(checkText(spanish, 'At most 2,000 characters')).toBe('Como máximo 2,000 caracteres');
    expect(checkText(spanish, 'At most 1,000,000')).toBe('Como máximo 1,000,000');
    expect(checkText(spanish, 'Use at least 14 characters.')).toBe('Use al menos 14 caracteres.');
    expect(checkText(spanish, 'Required')).toBe('Obligatorio');
    expect(checkText(spanish, 'A text no check gives')).toBe('A text no check gives');
  });
});
