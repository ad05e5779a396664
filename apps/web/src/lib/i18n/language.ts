/**
 * The language the web app speaks: English or Spanish (docs/i18n.md, docs/decisions/065). First
 * chosen from the browser's languages, changed in Settings, kept in this browser; a signed-in
 * person's profile language wins at sign-in. Kept outside React so that the API client can send it
 * (`Accept-Language`) and the formatting helpers can follow it.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The `Intl` locale of each language: Spanish is Latin American Spanish (es-419). */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-419' };

/** Where the chosen language is kept in this browser. */
export const LANGUAGE_STORAGE_KEY = 'language';

export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'es';

/** Spanish for any `es*` among the browser's languages ahead of English, else English. */
export function browserLanguage(languages: readonly string[]): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'es') return 'es';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

function storedLanguage(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The kept choice, or the browser's. */
export function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'en';
  return storedLanguage() ?? browserLanguage(window.navigator.languages ?? []);
}

let current: Language = initialLanguage();
const listeners = new Set<() => void>();

export const currentLanguage = (): Language => current;

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps `<html lang>` in step with the language. */
function applyDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyDocumentLanguage(current);

/**
 * Switches the app to `language` at once and keeps it in this browser (for the next visit and
 * before sign-in).
 */
export function setLanguage(language: Language) {
  if (!isLanguage(language)) throw new Error(`Unknown language: ${String(language)}`);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this visit.
  }
  if (language === current) return;
  current = language;
  applyDocumentLanguage(language);
  for (const listener of listeners) listener();
}
