import { describe, expect, it } from 'vitest';

import { createRandom } from '../../seed/random.ts';
import { centsOf, parseAmount } from './award-facts.ts';
import { top } from './publication.ts';

describe('parseAmount', () => {
  it('reads an amount in a longer text as the double Number() reads', () => {
    const random = createRandom(17);
    const texts = [
      '0',
      '5.',
      '45000.0',
      '19511.75',
      '0.30000000000000004',
      '3.3333333333333335e+299',
      '-12.5',
      '9007199254740993',
      '123456789012345678901234.5',
      '0.0000000000000000000000017',
      '.',
    ];
    for (let i = 0; i < 5_000; i += 1) {
      texts.push((random.int(0, 99_999_999) / 100).toFixed(2));
      texts.push(String(random.next() * 10 ** random.int(0, 12)));
    }
    for (const text of texts) {
      const wrapped = `a${text},`;
      expect(Object.is(parseAmount(wrapped, 1, wrapped.length - 1), Number(text)), text).toBe(true);
    }
  });
});

describe('centsOf', () => {
  it('reads whole cents, whose hundredth is the double parseAmount reads, and refuses the rest', () => {
    const random = createRandom(19);
    const texts = ['0', '5.', '5.5', '45000.0', '19511.75', '.25', '21474836.47'];
    for (let i = 0; i < 5_000; i += 1) {
      texts.push((random.int(0, 2_147_483_647) / 100).toFixed(random.int(0, 2)));
    }
    for (const text of texts) {
      const wrapped = `a${text},`;
      const cents = centsOf(wrapped, 1, wrapped.length - 1);
      expect(cents, text).toBe(Math.round(Number(text) * 100));
      expect(Object.is(cents / 100, parseAmount(wrapped, 1, wrapped.length - 1)), text).toBe(true);
    }
    for (const text of ['', '.', '-12.5', '1.255', '21474836.48', '1e5', '3.3333333333333335e+299'])
      expect(centsOf(`a${text},`, 1, text.length + 1), text).toBe(-1);
  });
});

describe('top', () => {
  it('breaks a tie by the names’ UTF-16 code units, so that an upper-case name comes before a lower-case one', () => {
    const counts = new Map([
      ['retail', 4],
      ['Retail', 4],
      ['Construction', 3],
    ]);
    expect(top(counts)).toEqual({
      name: 'Retail',
      share: 4 / 11,
      n: 11,
      lessThan: null,
      suppressed: false,
      reason: null,
      smallSample: true,
    });
    expect(top(new Map([...counts].reverse())).name).toBe('Retail');
  });
});
