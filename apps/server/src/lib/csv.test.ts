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
    for await (const chunk of csvStream(['id', 'name'], batches(), (r) => [r.id, r.name]))
      text += chunk;
    expect(text).toBe(`\uFEFF${csvRow(['id', 'name'])}1,Ada\r\n2,'=x\r\n`);
  });
});
