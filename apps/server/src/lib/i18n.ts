import type { FastifyRequest } from 'fastify';

import type { TErrorResponse } from '@laurel/contract/errors';
import { API_MESSAGES_EN } from '@laurel/contract/i18n/api.en';
import { API_MESSAGES_ES } from '@laurel/contract/i18n/api.es';
import {
  formatMessage,
  type KeyedMessage,
  keyedMessageReader,
  languageOfAcceptLanguage,
} from '@laurel/contract/i18n/messages';
import type { TLanguage } from '@laurel/contract/profile';

/** The language a request is answered in: its `Accept-Language` (the web app sends the chosen one). */
export const requestLanguage = (request: FastifyRequest): TLanguage =>
  languageOfAcceptLanguage(request.headers['accept-language']);

let readKeyedMessage: ((text: string) => KeyedMessage | undefined) | undefined;

/** The key and arguments of a text the server sends in English, when the catalogue has it. */
export function keyOfApiMessage(text: string): KeyedMessage | undefined {
  readKeyedMessage ??= keyedMessageReader(API_MESSAGES_EN);
  return readKeyedMessage(text);
}

/**
 * A sentence the server builds for people (an item's detail on "Needs attention"), in
 * `language`: each `; `-separated part from the API catalogue, and an argument that is itself a
 * catalogue text (a billing code's meaning) said in that language too. A part the catalogue does
 * not know (an upload's own error) stays as it is.
 */
export function localizedSentence(text: string, language: TLanguage): string {
  if (language === 'en') return text;
  return text
    .split('; ')
    .map((part) => {
      const keyed = keyOfApiMessage(part);
      if (!keyed) return part;
      const values = Object.fromEntries(
        Object.entries(keyed.values ?? {}).map(([name, value]) => [
          name,
          typeof value === 'string' ? apiMessage(value, language).message : value,
        ]),
      );
      return inLanguage({ ...keyed, values }, language, part);
    })
    .join('; ');
}

/**
 * A keyed text in a language other than English, or `english` as it was written when the
 * message cannot take the arguments read back from it (a plural of something not a number):
 * the English text is still a true answer.
 */
function inLanguage(keyed: KeyedMessage, language: TLanguage, english: string): string {
  try {
    return formatMessage(API_MESSAGES_ES, language, keyed.key, keyed.values);
  } catch {
    return english;
  }
}

/**
 * A text the server sends, in the request's language: English exactly as written, Spanish from
 * the catalogue; with its key and arguments when the catalogue has it (decision 066).
 */
export function apiMessage(text: string, language: TLanguage): KeyedMessage & { message: string } {
  const keyed = keyOfApiMessage(text);
  if (!keyed) return { key: '', message: text };
  if (language === 'en') return { ...keyed, message: text };
  return { ...keyed, message: inLanguage(keyed, language, text) };
}

/**
 * The error body in the request's language: `message` and `fieldErrors` translated, and beside
 * them `messageKey`/`messageValues` and `fieldErrorKeys` for clients that translate themselves.
 */
export function localizedError(
  request: FastifyRequest,
  message: string,
  fieldErrors?: Record<string, string>,
): TErrorResponse {
  const language = requestLanguage(request);
  const main = apiMessage(message, language);
  const body: TErrorResponse = { message: main.message };
  if (main.key) {
    body.messageKey = main.key;
    if (main.values && Object.keys(main.values).length) body.messageValues = main.values;
  }
  if (fieldErrors) {
    body.fieldErrors = {};
    const keys: NonNullable<TErrorResponse['fieldErrorKeys']> = {};
    for (const [field, text] of Object.entries(fieldErrors)) {
      const translated = apiMessage(text, language);
      body.fieldErrors[field] = translated.message;
      if (translated.key)
        keys[field] =
          translated.values && Object.keys(translated.values).length
            ? { key: translated.key, values: translated.values }
            : { key: translated.key };
    }
    if (Object.keys(keys).length) body.fieldErrorKeys = keys;
  }
  return body;
}
