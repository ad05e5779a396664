import type { IntlShape } from 'react-intl';

import type { MessageId } from './catalogue';
import { messageSource } from './message-source';
// Only the English of the checks and messages: the sign-in screen's forms read it.
import en from 'virtual:laurel-catalogue/en/checks';

/**
 * The contract's form checks speak English ("At most 200 characters"); the web shows them in the
 * chosen language by finding the catalogue message (`checks.*`, `messages.*`) whose English they
 * are. A message's numbers (`{count, number}`) and words (`{label}`) are read back from the text.
 */
interface Pattern {
  id: MessageId;
  match: RegExp;
  names: string[];
  numbers: boolean[];
}

const ARGUMENT = /\{(\w+)(, number)?\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let exact: Map<string, MessageId> | undefined;
let patterns: Pattern[] | undefined;

function prepare() {
  exact = new Map();
  patterns = [];
  for (const [id, message] of Object.entries(en) as [MessageId, unknown][]) {
    if (!/^(checks|messages)\./.test(id)) continue;
    const text = messageSource(message);
    if (text === undefined) continue;
    if (!text.includes('{')) {
      exact.set(text, id);
      continue;
    }
    const names: string[] = [];
    const numbers: boolean[] = [];
    let source = '';
    let last = 0;
    for (const argument of text.matchAll(ARGUMENT)) {
      source += escape(text.slice(last, argument.index));
      source += argument[2] ? '(\\d[\\d,]*)' : '(.+)';
      names.push(argument[1]!);
      numbers.push(Boolean(argument[2]));
      last = argument.index + argument[0].length;
    }
    source += escape(text.slice(last));
    // A message with other ICU (plural, select) is not a check's text.
    if (source.includes('\\{')) continue;
    patterns.push({ id, match: new RegExp(`^${source}$`), names, numbers });
  }
  // Words last: "(.+)" would take in what a number's pattern reads more closely.
  const words = (pattern: Pattern) => (pattern.numbers.every(Boolean) ? 0 : 1);
  patterns.sort((a, b) => words(a) - words(b));
}

/** The catalogue message and its values for a check's English text, or undefined. */
export function checkMessageOf(
  text: string,
): { id: MessageId; values: Record<string, string | number> } | undefined {
  if (!exact || !patterns) prepare();
  const id = exact!.get(text);
  if (id) return { id, values: {} };
  for (const pattern of patterns!) {
    const found = pattern.match.exec(text);
    if (!found) continue;
    const values: Record<string, string | number> = {};
    pattern.names.forEach((name, index) => {
      const value = found[index + 1]!;
      values[name] = pattern.numbers[index] ? Number(value.replaceAll(',', '')) : value;
    });
    return { id: pattern.id, values };
  }
  return undefined;
}

/** A form check's text in the chosen language (unchanged when the catalogues do not know it). */
export function checkText(intl: IntlShape, text: string): string {
  const message = checkMessageOf(text);
  return message ? intl.formatMessage({ id: message.id }, message.values) : text;
}
