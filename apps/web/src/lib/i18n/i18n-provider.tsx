import { use, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';

import { type Catalogue, catalogueFor, loadCatalogue } from './catalogue';
import { currentLanguage, LOCALES, subscribeLanguage, type Language } from './language';

/** The chosen language, re-rendering when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, () => 'en');
}

/**
 * react-intl's provider with the chosen language's catalogue. Only that language's catalogue is
 * loaded: English comes with the app, Spanish is fetched when chosen (the page waits for it
 * before its first screen, see app.tsx, and Settings before switching).
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const messages: Catalogue = catalogueFor(language) ?? use(loadCatalogue(language));
  return (
    <IntlProvider locale={LOCALES[language]} defaultLocale="en-US" messages={messages}>
      {children}
    </IntlProvider>
  );
}
