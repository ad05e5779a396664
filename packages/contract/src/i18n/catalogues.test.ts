import { describe, expect, it } from 'vitest';

import { INVITATION_MESSAGES } from '../invitations.ts';
import { MESSAGES, SSO_MESSAGES } from '../messages.ts';
import { WEBHOOK_MESSAGES } from '../webhooks.ts';
import { API_MESSAGES_EN } from './api.en.ts';
import { API_MESSAGES_ES } from './api.es.ts';
import {
  argumentsOf,
  catalogueProblems,
  formatMessage,
  keyedMessageReader,
  languageOfAcceptLanguage,
} from './messages.ts';

const NAMES = { reference: 'English', catalogue: 'Spanish' };

describe('the API catalogues', () => {
  it('have the same keys in English and Spanish, each parsing with the same arguments', () => {
    expect(catalogueProblems(API_MESSAGES_EN, API_MESSAGES_ES, NAMES)).toEqual([]);
  });

  it('fail the check on a missing key, an extra key, other arguments or a broken message', () => {
    const { 'access.notFound': _dropped, ...missing } = API_MESSAGES_ES;
    expect(catalogueProblems(API_MESSAGES_EN, missing, NAMES)).toEqual([
      'Spanish lacks access.notFound',
    ]);
    expect(
      catalogueProblems(API_MESSAGES_EN, { ...API_MESSAGES_ES, 'access.extra': 'Otro' }, NAMES),
    ).toEqual(['Spanish has access.extra, which English lacks']);
    expect(
      catalogueProblems(
        API_MESSAGES_EN,
        { ...API_MESSAGES_ES, 'invitations.alreadyAccepted': '{correo} ya aceptó la invitación' },
        NAMES,
      ),
    ).toEqual(['invitations.alreadyAccepted takes {email} in English but {correo} in Spanish']);
    const broken = catalogueProblems(
      API_MESSAGES_EN,
      { ...API_MESSAGES_ES, 'apiKeys.tooMany': 'Como máximo {count, plural, one {# clave}' },
      NAMES,
    );
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatch(/^Spanish apiKeys\.tooMany does not parse/);
  });

  it('give each English text one key, so that a text finds its message', () => {
    const texts = Object.values(API_MESSAGES_EN);
    expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([]);
  });

  it('finds every message the server sends from its exact English text', () => {
    const read = keyedMessageReader(API_MESSAGES_EN);
    const sent: Record<string, string> = {
      notFound: MESSAGES.notFound,
      unauthorized: MESSAGES.unauthorized,
      forbidden: MESSAGES.forbidden,
      requestFailed: MESSAGES.requestFailed,
      controlCharacters: MESSAGES.controlCharacters,
      nestedTooDeeply: MESSAGES.nestedTooDeeply,
      identityUnavailable: MESSAGES.identityUnavailable,
      stepUpRequired: MESSAGES.stepUpRequired,
      stepUpWrongCode: MESSAGES.stepUpWrongCode,
      stepUpWrongPassword: MESSAGES.stepUpWrongPassword,
      stepUpLocked: MESSAGES.stepUpLocked,
      stepUpCodeNotAccepted: MESSAGES.stepUpCodeNotAccepted,
      authenticatorNotSetUp: MESSAGES.authenticatorNotSetUp,
      authenticatorRequired: MESSAGES.authenticatorRequired,
      authenticatorCompanySignIn: MESSAGES.authenticatorCompanySignIn,
      federatedCallbackFailed: MESSAGES.federatedCallbackFailed,
      ...INVITATION_MESSAGES,
      ...WEBHOOK_MESSAGES,
      ...Object.fromEntries(
        Object.entries(SSO_MESSAGES).map(([name, message]) => [
          `sso.${name}`,
          typeof message === 'string'
            ? message
            : (message as (...args: string[]) => string)('a@b.example', 'Beta Institute'),
        ]),
      ),
    };
    const unknown = Object.entries(sent).filter(([, text]) => !read(text));
    expect(unknown).toEqual([]);
  });

  it('reads a composed text back into its key and arguments, and says it again in Spanish', () => {
    const read = keyedMessageReader(API_MESSAGES_EN);
    const notInvited = SSO_MESSAGES.notInvited('maya@summit.demo');
    expect(read(notInvited)).toEqual({
      key: 'sso.notInvited',
      values: { email: 'maya@summit.demo' },
    });
    expect(
      formatMessage(API_MESSAGES_EN, 'en', 'sso.notInvited', { email: 'maya@summit.demo' }),
    ).toBe(notInvited);
    expect(read('Too many requests. Try again in 1 second.')).toEqual({
      key: 'request.rateLimited',
      values: { seconds: 1 },
    });
    expect(formatMessage(API_MESSAGES_ES, 'es', 'request.rateLimited', { seconds: 1 })).toBe(
      'Demasiadas solicitudes. Vuelva a intentarlo en 1 segundo.',
    );
    expect(read('Invalid querystring')).toEqual({
      key: 'request.invalid',
      values: { where: 'querystring' },
    });
    // The message with more words of its own wins over a looser one.
    expect(read('Invalid input: expected number, received undefined')).toEqual({
      key: 'field.invalidType',
      values: { expected: 'number', received: 'undefined' },
    });
    expect(
      formatMessage(
        API_MESSAGES_ES,
        'es',
        'field.invalidType',
        read('Invalid input: expected number, received undefined')!.values,
      ),
    ).toBe('Obligatorio');
    expect(read('A text no catalogue has')).toBeUndefined();
  });

  it('names the arguments of a message, inside plurals and selects too', () => {
    expect(argumentsOf(API_MESSAGES_ES['field.invalidType'])).toEqual(['expected', 'received']);
    expect(argumentsOf(API_MESSAGES_EN['request.rateLimited'])).toEqual(['seconds']);
  });
});

describe('the language of a request', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['ES-419', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,es;q=0.5', 'es'],
    ['fr-FR,de', 'en'],
    ['en;q=0.2,es;q=0.7', 'es'],
    ['es;q=0,en', 'en'],
    ['estonian', 'en'],
  ])('%s → %s', (header, language) => {
    expect(languageOfAcceptLanguage(header)).toBe(language);
  });
});
