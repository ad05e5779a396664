import { apiRequest } from '../api/request';
import { chooseLanguage } from './catalogue';
import { isLanguage, type Language } from './language';

/** Where a signed-in person's language is kept on their profile. */
export const PROFILE_LANGUAGE_PATH = '/api/users/profile/language';

/** The language kept on a profile, when it has one. */
export function profileLanguage(profile: unknown): Language | undefined {
  if (!profile || typeof profile !== 'object') return undefined;
  const { language } = profile as { language?: unknown };
  return isLanguage(language) ? language : undefined;
}

/** At sign-in, the profile's language wins over the browser's (and over this browser's choice). */
export async function adoptProfileLanguage(profile: unknown): Promise<void> {
  const language = profileLanguage(profile);
  if (language) await chooseLanguage(language);
}

/** Keeps the signed-in person's language on their profile; answers the updated profile. */
export function saveProfileLanguage(language: Language): Promise<unknown> {
  return apiRequest(PROFILE_LANGUAGE_PATH, { method: 'PUT', body: { language } });
}
