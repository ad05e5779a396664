import {
  isArgumentElement,
  isDateElement,
  isLiteralElement,
  isNumberElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

import type { TLanguage } from '../profile.ts';

/**
 * ICU messages by key, in each language Laurel speaks (decision 066): formatting with
 * `intl-messageformat` (the engine react-intl uses), the check that two catalogues agree, and the
 * lookup of a message's key and arguments from its English text.
 */

/** A catalogue: ICU messages by stable key. */
export type Catalogue = Readonly<Record<string, string>>;
/** The arguments of one message. */
export type MessageValues = Record<string, string | number>;
/** A message as a client can translate it itself: its key and arguments. */
export interface KeyedMessage {
  key: string;
  values?: MessageValues;
}

/** The locale each language formats numbers, currency and dates in. */
export const LOCALES: Record<TLanguage, string> = { en: 'en-US', es: 'es-419' };

/** Tags such as `<METRICS_TOKEN>` are text in Laurel's messages, never markup. */
const PARSE_OPTIONS = { ignoreTag: true } as const;

/**
 * The language of an `Accept-Language` header: Spanish when the most preferred of English and
 * Spanish is `es` or one of its regions, English otherwise (and when the header is absent).
 *
 * @example languageOfAcceptLanguage('es-MX,es;q=0.9,en;q=0.8') // 'es'
 */
export function languageOfAcceptLanguage(header: string | undefined): TLanguage {
  if (!header) return 'en';
  let best: { language: TLanguage; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...parameters] = part.trim().split(';');
    const language = /^es(-|$)/i.test(tag) ? 'es' : /^en(-|$)/i.test(tag) ? 'en' : undefined;
    if (!language) continue;
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? 'en';
}

const formatters = new Map<string, IntlMessageFormat>();

/**
 * One message of a catalogue in its language's locale; a key the catalogue lacks is an error.
 *
 * @example formatMessage(API_MESSAGES_ES, 'es', 'apiKeys.tooMany', { count: 10 })
 */
export function formatMessage(
  catalogue: Catalogue,
  language: TLanguage,
  key: string,
  values?: MessageValues,
): string {
  const source = catalogue[key];
  if (source === undefined) throw new Error(`No message ${key} in the ${language} catalogue`);
  const cacheKey = `${language}\u0000${source}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new IntlMessageFormat(source, LOCALES[language], undefined, PARSE_OPTIONS);
    formatters.set(cacheKey, formatter);
  }
  return String(formatter.format(values));
}

/** The names of the arguments a message takes, sorted. */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isLiteralElement(element) || isPoundElement(element)) continue;
      if (isTagElement(element)) {
        walk(element.children);
        continue;
      }
      names.add(element.value);
      if (isSelectElement(element) || isPluralElement(element))
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(message, PARSE_OPTIONS));
  return [...names].sort();
}

/**
 * What is wrong between a catalogue and its reference: keys missing or extra, messages that do not
 * parse, and messages whose arguments differ. Empty when they agree.
 */
export function catalogueProblems(
  reference: Catalogue,
  catalogue: Catalogue,
  names: { reference: string; catalogue: string },
): string[] {
  const problems: string[] = [];
  const argumentsIn = (which: string, key: string, message: string): string[] | undefined => {
    try {
      return argumentsOf(message);
    } catch (error) {
      problems.push(`${which} ${key} does not parse: ${(error as Error).message}`);
      return undefined;
    }
  };
  for (const key of Object.keys(reference)) {
    const there = catalogue[key];
    if (there === undefined) {
      problems.push(`${names.catalogue} lacks ${key}`);
      continue;
    }
    const expected = argumentsIn(names.reference, key, reference[key]!);
    const found = argumentsIn(names.catalogue, key, there);
    if (expected && found && expected.join() !== found.join())
      problems.push(
        `${key} takes {${expected.join(', ')}} in ${names.reference} but {${found.join(', ')}} in ${names.catalogue}`,
      );
  }
  for (const key of Object.keys(catalogue))
    if (!(key in reference))
      problems.push(`${names.catalogue} has ${key}, which ${names.reference} lacks`);
  return problems;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What each capture group of a message's pattern tells: an argument's text or a chosen option. */
type Capture = { argument: string } | { argument: string; option: string };

/** A regular expression source for a message's elements, recording what its groups capture. */
function patternOf(
  elements: MessageFormatElement[],
  captures: Capture[],
  pluralArgument?: string,
): string {
  let source = '';
  for (const element of elements) {
    if (isLiteralElement(element)) source += escapeRegExp(element.value);
    else if (isPoundElement(element)) {
      captures.push({ argument: pluralArgument ?? '#' });
      source += '(-?\\d[\\d,.]*)';
    } else if (isSelectElement(element) || isPluralElement(element)) {
      const alternatives = Object.entries(element.options).map(([option, { value }]) => {
        const chosen = option.startsWith('=') ? option.slice(1) : option;
        const known = isSelectElement(element) ? chosen !== 'other' : option.startsWith('=');
        captures.push(known ? { argument: element.value, option: chosen } : { argument: '' });
        const inner = patternOf(
          value,
          captures,
          isPluralElement(element) ? element.value : undefined,
        );
        return `(${inner})`;
      });
      source += `(?:${alternatives.join('|')})`;
    } else if (isTagElement(element)) {
      source += escapeRegExp(`<${element.value}>`);
      source += patternOf(element.children, captures, pluralArgument);
      source += escapeRegExp(`</${element.value}>`);
    } else if (
      isArgumentElement(element) ||
      isNumberElement(element) ||
      isDateElement(element) ||
      isTimeElement(element)
    ) {
      captures.push({ argument: element.value });
      source += '([^]+?)';
    }
  }
  return source;
}

/** How many characters of a message are its own words rather than arguments. */
function literalLength(elements: MessageFormatElement[]): number {
  let length = 0;
  for (const element of elements) {
    if (isLiteralElement(element)) length += element.value.length;
    else if (isTagElement(element)) length += literalLength(element.children);
  }
  return length;
}

/**
 * A lookup from a message's text in the catalogue's language to its key and arguments: the text
 * is matched against every message's pattern (an exact text first, then the message with the most
 * words of its own), so that a text composed by code finds the message it is an instance of.
 *
 * @example keyedMessageReader(API_MESSAGES_EN)('user@example.org has already accepted the invitation')
 *   // { key: 'invitations.alreadyAccepted', values: { email: 'user@example.org' } }
 */
export function keyedMessageReader(
  catalogue: Catalogue,
): (text: string) => KeyedMessage | undefined {
  const exact = new Map<string, string>();
  const patterns: { key: string; regex: RegExp; captures: Capture[]; weight: number }[] = [];
  for (const [key, message] of Object.entries(catalogue)) {
    const elements = parse(message, PARSE_OPTIONS);
    if (elements.every(isLiteralElement)) {
      exact.set(elements.map((element) => element.value).join(''), key);
      continue;
    }
    const captures: Capture[] = [];
    const regex = new RegExp(`^${patternOf(elements, captures)}$`, 'u');
    patterns.push({ key, regex, captures, weight: literalLength(elements) });
  }
  patterns.sort((a, b) => b.weight - a.weight);

  return (text) => {
    const key = exact.get(text);
    if (key !== undefined) return { key };
    for (const pattern of patterns) {
      const match = pattern.regex.exec(text);
      if (!match) continue;
      const values: MessageValues = {};
      pattern.captures.forEach((capture, index) => {
        const captured = match[index + 1];
        if (captured === undefined || capture.argument === '') return;
        if ('option' in capture) values[capture.argument] ??= capture.option;
        else values[capture.argument] = captured;
      });
      for (const [name, value] of Object.entries(values))
        if (typeof value === 'string' && /^-?\d+$/.test(value.replace(/,/g, '')))
          values[name] = Number(value.replace(/,/g, ''));
      return { key: pattern.key, values };
    }
    return undefined;
  };
}
