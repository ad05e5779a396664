import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';

import type { MessageId } from './catalogue';
import es from './messages/es.json';

/** The catalogues as the build ships them: each message its syntax tree (vite.config.ts). */
const { built } = vi.hoisted(() => ({
  built: (catalogue: Record<string, string>, parseMessage: typeof parse) =>
    Object.fromEntries(
      Object.entries(catalogue).map(([id, text]) => [id, parseMessage(text)]),
    ) as Record<MessageId, MessageFormatElement[]>,
}));

vi.mock('virtual:laurel-catalogue/en/checks', async (original) => {
  const { parse: parseMessage } = await import('@formatjs/icu-messageformat-parser');
  return {
    default: built(
      ((await original()) as { default: Record<string, string> }).default,
      parseMessage,
    ),
  };
});

vi.mock('./messages/en.json', async (original) => {
  const { parse: parseMessage } = await import('@formatjs/icu-messageformat-parser');
  return {
    default: built(
      ((await original()) as { default: Record<string, string> }).default,
      parseMessage,
    ),
  };
});

describe("the form checks' texts with the catalogues as built", () => {
  it('still finds the message of a check and says it in Spanish', async () => {
    const { checkText } = await import('./check-texts');
    const spanish = createIntl({ locale: 'es-419', messages: built(es, parse) });
    const { default: checks } = (await import('virtual:laurel-catalogue/en/checks')) as {
      default: Record<string, unknown>;
    };
    expect(typeof checks['checks.required']).not.toBe('string');
    expect(checkText(spanish, 'At most 2,000 characters')).toBe('Como máximo 2,000 caracteres');
    expect(checkText(spanish, 'Required')).toBe('Obligatorio');
  });

  it('formats a text for code outside React, not its tree', async () => {
    vi.resetModules();
    const { loadCatalogue, textOf } = await import('./catalogue');
    const messages = (await loadCatalogue('en')) as Record<string, unknown>;
    expect(typeof messages['messages.requestFailed']).not.toBe('string');
    expect(textOf('messages.requestFailed')).toBe('Something went wrong');
  });
});
