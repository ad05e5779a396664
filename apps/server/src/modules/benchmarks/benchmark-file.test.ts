import { describe, expect, it } from 'vitest';

import { FileProblem } from '../../lib/csv-records.ts';
import { checkBenchmarkRow, readBenchmarkFile } from './benchmark-file.ts';

const cells = (overrides: Partial<Record<string, string>> = {}) => ({
  geography: 'OR',
  cip: '51.3801',
  soc: '',
  metric: 'median_earnings',
  year: '2023',
  value: '74000',
  source: 'State wage records 2023',
  ...overrides,
});

async function* chunks(...buffers: Buffer[]): AsyncGenerator<Buffer> {
  yield* buffers;
}

async function read(text: string) {
  const items = [];
  for await (const item of readBenchmarkFile(chunks(Buffer.from(text, 'utf8')), {
    latestYear: 2026,
  }))
    items.push(item);
  return items;
}

describe('a benchmark row', () => {
  it('is read with its code, place and dollars', () => {
    expect(
      checkBenchmarkRow(cells({ geography: 'or', value: '$74,000.50' }), 2, { latestYear: 2026 }),
    ).toEqual({
      row: {
        line: 2,
        geography: 'OR',
        cip: '51.3801',
        soc: null,
        metric: 'median_earnings',
        year: 2023,
        value: 74_000.5,
        source: 'State wage records 2023',
      },
    });
    for (const cip of ['51', '51.38', '51.3801'])
      expect('row' in checkBenchmarkRow(cells({ cip }), 2, { latestYear: 2026 })).toBe(true);
    expect(
      'row' in checkBenchmarkRow(cells({ cip: '', soc: '29-1141' }), 2, { latestYear: 2026 }),
    ).toBe(true);
    expect(
      'row' in
        checkBenchmarkRow(cells({ cip: '', metric: 'hs_earnings_threshold' }), 2, {
          latestYear: 2026,
        }),
    ).toBe(true);
  });

  it('names each column at fault', () => {
    const result = checkBenchmarkRow(
      cells({ geography: 'Oregon', cip: '51.381', year: '2027', value: '0', source: '' }),
      5,
      { latestYear: 2026 },
    );
    expect('errors' in result && result.errors.map((e) => e.column)).toEqual([
      'geography',
      'cip',
      'year',
      'value',
      'source',
    ]);
    const threshold = checkBenchmarkRow(cells({ metric: 'hs_earnings_threshold' }), 6, {
      latestYear: 2026,
    });
    expect(threshold).toEqual({
      errors: [
        {
          line: 6,
          column: 'row',
          message: 'hs_earnings_threshold applies to a place: leave cip and soc empty',
        },
      ],
    });
  });
});

describe('a benchmark file', () => {
  it('skips empty lines, counts lines from the header, and flags a repeated row', async () => {
    const items = await read(
      '\uFEFFsource,value,year,metric,soc,cip,geography\n' +
        '"Records, 2023",74000,2023,median_earnings,,51.3801,OR\n\n' +
        '"Records, 2023",75000,2023,median_earnings,,51.3801,OR\n',
    );
    expect(items).toEqual([
      { row: expect.objectContaining({ line: 2, source: 'Records, 2023', value: 74_000 }) },
      {
        errors: [
          {
            line: 4,
            column: 'row',
            message: 'repeats line 2 (same geography, code, metric and year)',
          },
        ],
      },
    ]);
  });

  it('refuses a wrong header, a file without rows and text that is not UTF-8', async () => {
    await expect(read('geography,cip,soc,metric,year,value\nUS,,,x,2023,1\n')).rejects.toThrow(
      'The header lacks the column(s) source.',
    );
    await expect(read('geography,cip,soc,metric,year,value,source,value\n')).rejects.toThrow(
      'repeats the column(s) value',
    );
    await expect(read('geography,cip,soc,metric,year,value,source\n\n')).rejects.toThrow(
      'The file has a header but no benchmark rows.',
    );
    await expect(read('')).rejects.toBeInstanceOf(FileProblem);
    const latin1 = Buffer.from(
      'geography,cip,soc,metric,year,value,source\nUS,,,hs_earnings_threshold,2023,1,Caf\xe9\n',
      'latin1',
    );
    const items = readBenchmarkFile(chunks(latin1), { latestYear: 2026 });
    await expect(items.next()).rejects.toThrow('not UTF-8');
  });
});
