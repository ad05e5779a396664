import { use, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';

import { type Catalogue, catalogueFor, loadCatalogue, subscribeCatalogues } from './catalogue';
import { currentLanguage, LOCALES, subscribeLanguage, type Language } from './language';

/** The chosen language, re-rendering when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, () => 'en');
}

/**
 * react-intl's provider with what is here of the chosen language's catalogue: at first the part
 * the screens before sign-in use (the page waits for it before its first screen, see app.tsx),
 * all of it once a signed-in screen has asked for it (the shell waits for it, router.tsx), or
 * Settings before switching. Only the chosen language is fetched.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const here = useSyncExternalStore(subscribeCatalogues, () => catalogueFor(language));
  const messages: Catalogue = here ?? use(loadCatalogue(language, 'sign-in'));
  return (
    <IntlProvider locale={LOCALES[language]} defaultLocale="en-US" messages={messages}>
      {children}
    </IntlProvider>
  );
}
