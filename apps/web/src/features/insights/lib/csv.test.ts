import { describe, expect, it } from 'vitest';
import type { TInsightsData } from '@laurel/contract/insights';

import { formulaSafe, toCsv } from './csv';
import { insightsToCsv } from './insights-csv';
import { insightsFixture } from '../test/fixtures';

describe('CSV export', () => {
  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(formulaSafe('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(formulaSafe('+1')).toBe("'+1");
    expect(formulaSafe('-2+3')).toBe("'-2+3");
    expect(formulaSafe('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(formulaSafe('Health care')).toBe('Health care');
  });

  it('quotes commas, quotes and line breaks, and keeps numbers numeric', () => {
    expect(toCsv([['a,b', 'say "hi"', -1200, null, true]])).toBe(
      '"a,b","say ""hi""",-1200,,true\r\n',
    );
    expect(toCsv([['=1+1']])).toBe("'=1+1\r\n");
  });

  it('exports the figures and every chart point', () => {
    const data: TInsightsData = {
      ...insightsFixture(),
      employment: {
        ...insightsFixture().employment,
        topIndustry: { name: '=cmd|calc', share: 0.3, n: 40, suppressed: false },
      },
    };
    const csv = insightsToCsv(data, { cohortLabel: 'Northwind, all award years' });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('cohort,"Northwind, all award years"');
    expect(lines).toContain('kind,name,value,unit,share,n,suppressed,small sample');
    expect(lines).toContain('figure,Salary,52300,2025 dollars,,1234,false,false');
    expect(lines).toContain('figure,Employment rate,0.64,fraction,,1500,false,false');
    expect(lines).toContain("figure,Top industry,'=cmd|calc,name,0.3,40,false,");
    expect(lines).toContain('data gap,MISSING_EQUIFAX,120,Not matched by the data provider');
    expect(lines).toContain('relative year,median,p25,p75,n,suppressed');
    expect(lines).toContain('-2,,,,6,true');
    expect(lines).toContain('1,52300,40000,66000,1234,false');
    expect(lines.filter((line) => /^-?\d+,/.test(line))).toHaveLength(11);
  });
});
