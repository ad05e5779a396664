import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';

import type { MessageId } from './catalogue';
import en from './messages/en.json';
import es from './messages/es.json';

/** The catalogues as the build ships them: each message its syntax tree (vite.config.ts). */
const { built } = vi.hoisted(() => ({
  built: (catalogue: Record<string, string>, parseMessage: typeof parse) =>
    Object.fromEntries(
      Object.entries(catalogue).map(([id, text]) => [id, parseMessage(text)]),
    ) as Record<MessageId, MessageFormatElement[]>,
}));

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
    expect(typeof (en as Record<string, unknown>)['checks.required']).not.toBe('string');
    expect(checkText(spanish, 'At most 2,000 characters')).toBe('Como máximo 2,000 caracteres');
    expect(checkText(spanish, 'Required')).toBe('Obligatorio');
  });

  it('formats a text for code outside React, not its tree', async () => {
    const { textOf } = await import('./catalogue');
    expect(textOf('messages.requestFailed')).toBe('Something went wrong');
  });
});
