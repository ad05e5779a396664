import en from './messages/en.json';
import { createIntl, type IntlShape } from 'react-intl';

import { currentLanguage, LOCALES, setLanguage, type Language } from './language';

export type MessageId = keyof typeof en;
/** A language's messages: the same ids as English (catalogues.test.ts checks it). */
export type Catalogue = Record<MessageId, string>;

declare global {
  // react-intl checks every message id against the English catalogue.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/** English is part of the app; Spanish is its own chunk, fetched only when chosen. */
const loaded: Partial<Record<Language, Catalogue>> = { en };
let spanish: Promise<Catalogue> | undefined;

/** The language's catalogue when it is already here. */
export const catalogueFor = (language: Language): Catalogue | undefined => loaded[language];

/** The language's catalogue, fetched once (a failed fetch is tried again by the next call). */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  const here = loaded[language];
  if (here) return Promise.resolve(here);
  spanish ??= import('./messages/es.json').then(
    (module) => (loaded.es = module.default as Catalogue),
    (error: unknown) => {
      spanish = undefined;
      throw error;
    },
  );
  return spanish;
}

/** Fetches the language's catalogue, then switches the app to it (Settings, sign-in). */
export async function chooseLanguage(language: Language): Promise<void> {
  await loadCatalogue(language);
  setLanguage(language);
}

const formatters: Partial<Record<Language, IntlShape>> = {};

/**
 * A message without arguments in the chosen language, for code outside React (texts for errors
 * caught in event handlers); English while the chosen catalogue has not arrived. Formatted, not
 * read: the build ships each message as its syntax tree (vite.config.ts, `parsedCatalogues`).
 */
export function textOf(id: MessageId): string {
  const language = loaded[currentLanguage()] ? currentLanguage() : 'en';
  const intl = (formatters[language] ??= createIntl({
    locale: LOCALES[language],
    messages: loaded[language]!,
  }));
  return intl.formatMessage({ id });
}

/** A message by id, for code that builds texts outside React (given `intl.formatMessage`'s). */
export type Translate = (id: MessageId) => string;
