import { afterEach, describe, expect, it } from 'vitest';

import { browserLanguage, currentLanguage, initialLanguage, setLanguage } from './language';
import { profileLanguage } from './profile-language';

afterEach(() => {
  setLanguage('en');
  window.localStorage.clear();
});

describe('the language first chosen', () => {
  it('is Spanish for any es* the browser prefers over English, else English', () => {
    expect(browserLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(browserLanguage(['es'])).toBe('es');
    expect(browserLanguage(['ES-419'])).toBe('es');
    expect(browserLanguage(['fr-FR', 'es-AR'])).toBe('es');
    expect(browserLanguage(['en-GB', 'es-ES'])).toBe('en');
    expect(browserLanguage(['fr-FR', 'de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it("is this browser's kept choice when there is one", () => {
    window.localStorage.setItem('language', 'es');
    expect(initialLanguage()).toBe('es');
    window.localStorage.setItem('language', 'fr');
    expect(initialLanguage()).toBe(browserLanguage(window.navigator.languages));
  });
});

describe('choosing a language', () => {
  it('keeps <html lang> in step and the choice in this browser', () => {
    setLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem('language')).toBe('es');
    setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('refuses a language the app does not speak', () => {
    expect(() => setLanguage('fr' as 'en')).toThrow('Unknown language: fr');
  });

  it("takes a profile's language only when it is one the app speaks", () => {
    expect(profileLanguage({ language: 'es' })).toBe('es');
    expect(profileLanguage({ language: 'fr' })).toBeUndefined();
    expect(profileLanguage({})).toBeUndefined();
    expect(profileLanguage(null)).toBeUndefined();
  });
});
