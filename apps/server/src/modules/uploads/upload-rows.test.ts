import { describe, expect, it } from 'vitest';

import { UPLOAD_COLUMNS } from '@laurel/contract/uploads';

import { checkRow, headerProblem, isBlankRecord, isCalendarDate } from './upload-rows.ts';

const credentials = new Map([
  ['weld-101', { id: 7, code: 'WELD-101', archived: false }],
  ['old-1', { id: 8, code: 'OLD-1', archived: true }],
]);
const context = () => ({ credentials, today: '2026-03-01', earlier: new Map<string, number>() });

describe('upload rows', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('2023-1-01')).toBe(false);
    expect(isCalendarDate('01/02/2023')).toBe(false);
  });

  it('accepts the header in any case with spaces and trailing empty cells, nothing else', () => {
    expect(headerProblem(UPLOAD_COLUMNS.map((c) => ` ${c.toUpperCase()} `))).toBeNull();
    expect(headerProblem([...UPLOAD_COLUMNS, '', ''])).toBeNull();
    expect(headerProblem([...UPLOAD_COLUMNS].reverse())).toContain(UPLOAD_COLUMNS.join(', '));
    expect(headerProblem([...UPLOAD_COLUMNS, 'extra'])).toContain('extra');
  });

  it('treats rows of empty cells as blank', () => {
    expect(isBlankRecord(['', ' ', ''])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
  });

  it('turns a good row into award values, trimming and lower-casing the e-mail', () => {
    expect(
      checkRow(
        [' weld-101 ', 'S-1', 'Ana', 'Reyes', 'Ana@Example.COM', '2000-01-02', '2024-06-01'],
        2,
        context(),
      ),
    ).toEqual({
      ok: true,
      values: {
        credentialId: 7,
        externalId: 'S-1',
        firstName: 'Ana',
        lastName: 'Reyes',
        email: 'ana@example.com',
        dateOfBirth: '2000-01-02',
        awardDate: '2024-06-01',
        awardYear: 2024,
      },
    });
  });

  it('names every problem of a row', () => {
    const result = checkRow(
      ['OLD-1', '', 'Ana', '', 'x@', '2030-01-01', '2026-03-02'],
      3,
      context(),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.split('; ')).toEqual([
      'Credential "OLD-1" is archived: no awards can be added to it',
      'external_id is missing',
      'last_name is missing',
      'email "x@" is not a valid e-mail address',
      'award_date 2026-03-02 is in the future',
      'date_of_birth 2030-01-01 is in the future',
    ]);
  });

  it('refuses a row that repeats an earlier good one, naming it', () => {
    const shared = context();
    const row = ['WELD-101', 'S-1', 'Ana', 'Reyes', '', '', '2024-06-01'];
    expect(checkRow(row, 2, shared).ok).toBe(true);
    expect(checkRow(['WELD-101', 'S-1', 'Ana', 'Reyes', '', '', '2024-06-02'], 3, shared).ok).toBe(
      true,
    );
    expect(checkRow(row, 9, shared)).toMatchObject({
      ok: false,
      error: 'Repeats row 2 (same credential, external_id and award_date)',
    });
  });

  it('counts cells, tolerating trailing empty ones', () => {
    const row = ['WELD-101', 'S-2', 'Ana', 'Reyes', '', '', '2024-06-01'];
    expect(checkRow([...row, '', ''], 2, context()).ok).toBe(true);
    expect(checkRow([...row, 'x'], 2, context())).toMatchObject({
      error: 'Expected 7 cells, found 8',
    });
    expect(checkRow(row.slice(0, 5), 2, context())).toMatchObject({
      error: 'Expected 7 cells, found 5',
    });
  });
});
