import type en from './messages/en.json';
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

/**
 * How much of a language's catalogue is wanted: the part the screens before sign-in use, or all
 * of it (every signed-in screen). Each is its own chunk, fetched when first wanted
 * (lib/i18n/catalogue-parts.ts, decision 065): the sign-in screen carries a fifth of the
 * messages, and a language nobody chose is never fetched.
 */
export type CatalogueExtent = 'sign-in' | 'all';

const IMPORTS: Record<Language, Record<CatalogueExtent, () => Promise<{ default: unknown }>>> = {
  en: {
    'sign-in': () => import('virtual:laurel-catalogue/en/sign-in'),
    all: () => import('./messages/en.json'),
  },
  es: {
    'sign-in': () => import('virtual:laurel-catalogue/es/sign-in'),
    all: () => import('./messages/es.json'),
  },
};

/** What is here of each language: its messages and whether they are all of them. */
const loaded: Partial<Record<Language, { messages: Catalogue; all: boolean }>> = {};
const loading = new Map<string, Promise<Catalogue>>();
const listeners = new Set<() => void>();

/** Calls `listener` whenever more of a catalogue has arrived. */
export function subscribeCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language's messages that are already here (at least the sign-in part), or undefined. */
export const catalogueFor = (language: Language, extent: CatalogueExtent = 'sign-in') => {
  const here = loaded[language];
  return here && (extent === 'sign-in' || here.all) ? here.messages : undefined;
};

/**
 * The language's catalogue, at least `extent` of it, fetched once (a failed fetch is tried again
 * by the next call). Resolves with all that is here of that language.
 */
export function loadCatalogue(
  language: Language,
  extent: CatalogueExtent = 'all',
): Promise<Catalogue> {
  const here = catalogueFor(language, extent);
  if (here) return Promise.resolve(here);
  const key = `${language}/${extent}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = IMPORTS[language][extent]().then(
      (module) => {
        const messages = module.default as Catalogue;
        const all = extent === 'all' || Boolean(loaded[language]?.all);
        // The whole catalogue holds the sign-in part too; a part never replaces the whole.
        if (!loaded[language]?.all)
          loaded[language] = { messages: { ...loaded[language]?.messages, ...messages }, all };
        for (const listener of listeners) listener();
        return loaded[language]!.messages;
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** Fetches the language's whole catalogue, then switches the app to it (Settings, sign-in). */
export async function chooseLanguage(language: Language): Promise<void> {
  await loadCatalogue(language);
  setLanguage(language);
}

const formatters = new Map<Catalogue, IntlShape>();

/**
 * A message without arguments in the chosen language, for code outside React (texts for errors
 * caught in event handlers); English while the chosen language has not arrived, and the id when
 * nothing has (never, once the first screen is drawn). Formatted, not read: the build ships each
 * message as its syntax tree (vite.config.ts, `parsedCatalogues`).
 */
export function textOf(id: MessageId): string {
  const language = loaded[currentLanguage()] ? currentLanguage() : 'en';
  const messages = loaded[language]?.messages;
  if (!messages) return id;
  let intl = formatters.get(messages);
  if (!intl) {
    intl = createIntl({ locale: LOCALES[language], messages });
    formatters.set(messages, intl);
  }
  return intl.formatMessage({ id });
}

/** A message by id, for code that builds texts outside React (given `intl.formatMessage`'s). */
export type Translate = (id: MessageId) => string;
