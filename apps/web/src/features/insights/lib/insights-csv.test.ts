import { describe, expect, it } from 'vitest';
import type { TInsightsData } from '@laurel/contract/insights';

import { insightsToCsv } from './insights-csv';
import { insightsFixture } from '../test/fixtures';

describe('CSV export', () => {
  it('exports the figures and every chart point', () => {
    const data: TInsightsData = {
      ...insightsFixture(),
      employment: {
        ...insightsFixture().employment,
        topIndustry: {
          name: '=cmd|calc',
          share: 0.3,
          n: 40,
          lessThan: null,
          suppressed: false,
          reason: null,
          smallSample: false,
        },
      },
    };
    const csv = insightsToCsv(data, { cohortLabel: 'Northwind, all award years' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('cohort,"Northwind, all award years"');
    expect(lines).toContain('kind,name,value,unit,share,n,suppressed,small sample');
    expect(lines).toContain('figure,Salary,52300,2025 dollars,,1234,false,false');
    expect(lines).toContain('figure,Employment rate,0.64,fraction,,1500,false,false');
    expect(lines).toContain("figure,Top industry,'=cmd|calc,name,0.3,40,false,false");
    expect(lines).toContain('figure,Coverage (matched share),0.81,fraction,,1850,false,false');
    expect(lines).toContain(
      'data gap,MISSING_EMPLOYMENT,<10,Matched, no employment records'.replace(
        'Matched, no employment records',
        '"Matched, no employment records"',
      ),
    );
    expect(lines).toContain('data gap,MISSING_EQUIFAX,120,Not matched by the data provider');
    expect(lines).toContain('view,relative year,median,p25,p75,n,suppressed,small sample');
    expect(lines).toContain('all award years,-2,,,,<10,true,false');
    expect(lines).toContain('all award years,1,52300,40000,66000,1234,false,false');
    expect(lines.filter((line) => line.startsWith('all award years,'))).toHaveLength(11);
    expect(lines.filter((line) => line.startsWith('same cohort 2015-2017,'))).toHaveLength(11);
  });
});
