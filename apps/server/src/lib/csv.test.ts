import { describe, expect, it } from 'vitest';

import { csvCell, csvRow, csvStream } from './csv.ts';

describe('csv', () => {
  it('quotes separators, quotes and newlines', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('neutralises formula injection in text cells', () => {
    expect(csvCell('=cmd|/C calc!A0')).toBe("'=cmd|/C calc!A0");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-2)).toBe('-2');
  });

  it('streams a header and the rows of every batch', async () => {
    async function* batches() {
      yield [{ id: 1, name: 'Ada' }];
      yield [{ id: 2, name: '=x' }];
    }
    let text = '';
    for await (const chunk of await csvStream(['id', 'name'], batches(), (r) => [r.id, r.name]))
      text += chunk;
    expect(text).toBe(`\uFEFF${csvRow(['id', 'name'])}1,Ada\r\n2,'=x\r\n`);
  });

  it('fails before the first byte when the first batch cannot be read', async () => {
    // eslint-disable-next-line require-yield
    async function* failing(): AsyncGenerator<{ id: number }[]> {
      throw new Error('query failed');
    }
    await expect(csvStream(['id'], failing(), (r) => [r.id])).rejects.toThrow('query failed');
  });

  it('streams only the header when nothing is selected', async () => {
    async function* none(): AsyncGenerator<{ id: number }[]> {}
    let text = '';
    for await (const chunk of await csvStream(['id'], none(), (r) => [r.id])) text += chunk;
    expect(text).toBe(`\uFEFF${csvRow(['id'])}`);
  });
});
