import type { MessageId } from './catalogue';
import { englishText } from './english';

/**
 * The nouns that shared components put into their sentences ("Search {noun}", "No {noun} yet"),
 * named by a key so that each is translated: a list's plural, a picker's singular and plural.
 */
const NOUN_IDS = {
  auditEntries: 'nouns.auditEntries',
  contracts: 'nouns.contracts',
  credential: 'nouns.credential',
  credentials: 'nouns.credentials',
  organization: 'nouns.organization',
  organizations: 'nouns.organizations',
  people: 'nouns.people',
  person: 'nouns.person',
  uploads: 'nouns.uploads',
  users: 'nouns.users',
} as const satisfies Record<string, MessageId>;

export type Noun = keyof typeof NOUN_IDS;

/** The noun in the chosen language: pass `useIntl()`. */
export const nounIn = (
  intl: { formatMessage: (descriptor: { id: MessageId }) => string },
  noun: Noun,
) => intl.formatMessage({ id: NOUN_IDS[noun] });

/** The noun in English, for what stays the same in every language (a downloaded file's name). */
export const englishNoun = (noun: Noun): string => englishText(NOUN_IDS[noun]);
