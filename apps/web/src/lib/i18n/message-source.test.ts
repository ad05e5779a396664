import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

import { messageSource } from './message-source';
import en from './messages/en.json';
import es from './messages/es.json';

describe('messageSource', () => {
  it('reads back every plain message as written, from its text or from the tree the build ships', () => {
    let read = 0;
    for (const [id, text] of Object.entries({ ...en, ...es })) {
      const fromTree = messageSource(parse(text));
      if (fromTree === undefined) continue;
      read += 1;
      // ICU quoting ('{' written as '{') is the only difference a tree keeps from the text.
      expect(fromTree, id).toBe(text.replace(/'([{}])'/g, '$1').replaceAll("''", "'"));
      expect(messageSource(text), id).toBe(text);
    }
    expect(read).toBeGreaterThan(1000);
  });

  it('knows nothing of plurals, selects and tags', () => {
    expect(messageSource(parse('{n, plural, one {# row} other {# rows}}'))).toBeUndefined();
    expect(messageSource(parse('Read <link>more</link>'))).toBeUndefined();
    expect(messageSource(42)).toBeUndefined();
  });
});
