import { describe, expect, it } from 'vitest';
import { camelCaseNames } from '@laurel/contract/casing';
import { ZUpdateProfileBody } from '@laurel/contract/profile';

import { mapFieldErrors } from './field-errors';

/** The profile's fields under camelCase form keys, as the contract derives them. */
const PROFILE_FIELD_KEYS = camelCaseNames(ZUpdateProfileBody);

describe('mapFieldErrors', () => {
  it('maps database keys to form keys', () => {
    const body = {
      message: 'Invalid',
      fieldErrors: { first_name: 'Required', last_name: 'Too long' },
    };
    expect(mapFieldErrors(body, PROFILE_FIELD_KEYS)).toEqual({
      firstName: 'Required',
      lastName: 'Too long',
    });
  });

  it('keeps only non-empty messages', () => {
    const body = {
      fieldErrors: { first_name: '', last_name: '   ', title: 'At most 100 characters' },
    };
    expect(mapFieldErrors(body, PROFILE_FIELD_KEYS)).toEqual({ title: 'At most 100 characters' });
  });

  it('reads field errors wrapped as { data } or { json }', () => {
    expect(
      mapFieldErrors({ data: { fieldErrors: { pronoun: 'Unknown' } } }, PROFILE_FIELD_KEYS),
    ).toEqual({ pronoun: 'Unknown' });
    expect(
      mapFieldErrors({ json: { fieldErrors: { salutation: 'Unknown' } } }, PROFILE_FIELD_KEYS),
    ).toEqual({ salutation: 'Unknown' });
  });

  it('keeps an unmapped key under its server name', () => {
    expect(mapFieldErrors({ fieldErrors: { email: 'Taken' } }, PROFILE_FIELD_KEYS)).toEqual({
      email: 'Taken',
    });
  });

  it('returns nothing for errors without field errors', () => {
    expect(mapFieldErrors('Something went wrong', PROFILE_FIELD_KEYS)).toEqual({});
    expect(mapFieldErrors(new Error('x'), PROFILE_FIELD_KEYS)).toEqual({});
    expect(mapFieldErrors(null, PROFILE_FIELD_KEYS)).toEqual({});
  });
});
