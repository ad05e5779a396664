import { describe, expect, it } from 'vitest';

import { valuesOf } from './use-form-state';

const EMPTY = {
  organization_id: null as number | null,
  name: '',
  program_code: '',
  mfa_required: false,
};

describe('valuesOf', () => {
  it("reads each field from the record's camelCase property of the same name", () => {
    expect(
      valuesOf(EMPTY, {
        organizationId: 4,
        name: 'Welding',
        programCode: '48.0508',
        mfaRequired: true,
      }),
    ).toEqual({ organization_id: 4, name: 'Welding', program_code: '48.0508', mfa_required: true });
  });

  it('takes the empty value for a new record and for a null, and keeps false and 0', () => {
    expect(valuesOf(EMPTY)).toEqual(EMPTY);
    expect(
      valuesOf(EMPTY, {
        organizationId: 0,
        name: 'Welding',
        programCode: null,
        mfaRequired: false,
      }),
    ).toEqual({ organization_id: 0, name: 'Welding', program_code: '', mfa_required: false });
  });
});
