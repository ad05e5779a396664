/**
 * The parts of a catalogue that load on their own (decision 065). The screens before sign-in
 * need a fifth of the messages: they load the `sign-in` part of the chosen language, and the
 * signed-in screens wait for the whole catalogue. `checks` is what the form checks read in
 * English whatever the language (check-texts.ts). Each part is a module the build makes from the
 * catalogue (vite.config.ts, `catalogueParts`): `virtual:laurel-catalogue/<language>/<part>`.
 */
export const CATALOGUE_PARTS = {
  'sign-in': [
    'app.',
    'auth.',
    'checks.',
    'components.',
    'identityErrors.',
    'invitations.',
    'messages.',
    'notFound.',
    'pageTitle.',
    'roles.',
  ],
  checks: ['checks.', 'messages.'],
} as const;

export type CataloguePart = keyof typeof CATALOGUE_PARTS;

/** Whether the message `id` belongs to `part`. */
export const inCataloguePart = (part: CataloguePart, id: string): boolean =>
  CATALOGUE_PARTS[part].some((prefix) => id.startsWith(prefix));

/** The module id of a language's part. */
export const CATALOGUE_PART_MODULE = 'virtual:laurel-catalogue/';
