import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { API_KEY_MESSAGES } from '../modules/api-keys/api-keys.service.ts';
import { NO_PREVIOUS_VERSION } from '../modules/benchmarks/benchmarks.service.ts';
import { EARNINGS_IMPORT_NOT_ENTITLED } from '../modules/earnings/import-earnings.job.ts';
import { ISSUING_MESSAGES } from '../modules/open-badges/open-badges.service.ts';
import { SCIM_MESSAGES } from '../modules/scim/scim.service.ts';
import { UPLOAD_REFUSALS } from '../modules/uploads/uploads.service.ts';
import { apiMessage, keyOfApiMessage, localizedSentence } from './i18n.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const ERROR_HELPERS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict']);
/** Zod checks whose last argument may be the message a person reads. */
const CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'int',
  'positive',
  'nonnegative',
]);

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(ROOT, folder, file));
}

/** A text as the code writes it; each `${…}` of a template stands for `sample`. */
function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `sample${span.literal.text}`).join('');
  return undefined;
}

/** The literal texts of an expression, not those of calls inside it. */
function literalsIn(node: ts.Node, found: string[]): void {
  const text = textOf(node);
  if (text !== undefined) {
    found.push(text);
    return;
  }
  // Neither the texts of calls inside it nor a path of field names is a text.
  if (ts.isCallExpression(node) || ts.isArrayLiteralExpression(node)) return;
  // A property name is a field, not a text.
  if (ts.isPropertyAssignment(node)) return literalsIn(node.initializer, found);
  node.forEachChild((child) => literalsIn(child, found));
}

/** Every text the server's error helpers and the contract's schemas could send a person. */
function userFacingLiterals(): { where: string; text: string }[] {
  const texts: { where: string; text: string }[] = [];
  const files = [...sourceFiles('apps/server/src'), ...sourceFiles('packages/contract/src')].filter(
    // SCIM's protocol answers are read by directories, not people (decision 066).
    (file) => !file.includes('scim-') && !file.includes('/i18n/'),
  );
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const where = (node: ts.Node) =>
      `${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node): void => {
      const found: string[] = [];
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        if (ERROR_HELPERS.has(node.expression.text))
          node.arguments.forEach((argument) => literalsIn(argument, found));
      } else if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'HttpError'
      ) {
        node.arguments?.slice(1).forEach((argument) => literalsIn(argument, found));
      }
      if (
        file.includes('packages/contract') &&
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        CHECKS.has(node.expression.name.text)
      ) {
        const last = node.arguments.at(-1);
        const text = last && textOf(last);
        if (text !== undefined && node.arguments.length > 1) found.push(text);
        if (last && ts.isObjectLiteralExpression(last)) literalsIn(last, found);
      }
      if (
        file.includes('packages/contract') &&
        ts.isPropertyAssignment(node) &&
        ts.isIdentifier(node.name) &&
        (node.name.text === 'message' || node.name.text === 'error')
      ) {
        const text = textOf(node.initializer);
        if (text !== undefined) found.push(text);
      }
      for (const text of found) texts.push({ where: where(node), text });
      node.forEachChild(visit);
    };
    visit(source);
  }
  return texts;
}

describe('the texts the server sends a person', () => {
  it('are all in the API catalogues: no literal escapes them', () => {
    const literals = userFacingLiterals();
    expect(literals.length).toBeGreaterThan(60);
    const escaped = literals.filter(({ text }) => !keyOfApiMessage(text));
    expect(escaped).toEqual([]);
    // Parsing every source file takes seconds on a busy machine.
  }, 60_000);

  it('include the messages modules keep as constants', () => {
    const constants = {
      ...API_KEY_MESSAGES,
      ...ISSUING_MESSAGES,
      notSent: ISSUING_MESSAGES.notSent('holder@example.org'),
      ...SCIM_MESSAGES,
      ...UPLOAD_REFUSALS,
      NO_PREVIOUS_VERSION,
      EARNINGS_IMPORT_NOT_ENTITLED,
    };
    const escaped = Object.entries(constants).filter(
      ([, text]) => typeof text === 'string' && !keyOfApiMessage(text),
    );
    // SCIM's token refusals answer directories; only its web-facing limit is translated.
    expect(escaped.map(([name]) => name)).toEqual(['invalidToken', 'otherOrganization']);
  });

  it('are answered in Spanish from their English text, English left exactly as it was', () => {
    const text = UPLOAD_REFUSALS.tooLarge;
    expect(apiMessage(text, 'en')).toEqual({
      key: 'uploads.tooLarge',
      values: { size: expect.any(Number) },
      message: text,
    });
    expect(apiMessage(text, 'es').message).toMatch(
      /^El archivo supera \d+ MB\. Divídalo en archivos más pequeños/,
    );
    expect(apiMessage('No credential with id 42', 'es')).toEqual({
      key: 'bookmarks.noItem',
      values: { itemType: 'credential', id: 42 },
      message: 'No existe ninguna credencial con el id 42',
    });
    expect(apiMessage('Something new', 'es')).toEqual({ key: '', message: 'Something new' });
  });
});

describe("the sentences the server builds for the platform's Needs attention", () => {
  it('says each part in Spanish, a billing code’s meaning inside one too, and English as written', () => {
    const detail =
      'User seats (active and invited users): 12 used of 10 included (2 over); Data match through People Data Labs: 1,200 used of 1,000 included (200 over)';
    expect(localizedSentence(detail, 'en')).toBe(detail);
    expect(localizedSentence(detail, 'es')).toBe(
      'Plazas de usuario (usuarios activos e invitados): 12 usadas de 10 incluidas (2 de más); Búsqueda de coincidencias a través de People Data Labs: 1,200 usadas de 1,000 incluidas (200 de más)',
    );
    expect(localizedSentence('Processing, with no progress for over 30 minutes.', 'es')).toBe(
      'En proceso, sin avances desde hace más de 30 minutos.',
    );
    // An upload's own error message is not a catalogue text: it stays as the upload wrote it.
    expect(localizedSentence('Row 3: something odd', 'es')).toBe('Row 3: something odd');
  });
});
