import { describe, expect, it } from 'vitest';
import { codesOfStatus, ERROR_CODES, FEATURE_ERROR_CODES } from './error-codes';
import enErrors from './i18n/en/errors.json';

describe('the error codes by status', () => {
  const answered = [...ERROR_CODES, ...Object.values(FEATURE_ERROR_CODES).flat()];

  it('has a message for every code an answer may carry', () => {
    expect(answered.filter((code) => !(code in enErrors))).toEqual([]);
  });

  it('lists the generic codes beside the features’ own for a status', () => {
    expect(codesOfStatus(404)).toEqual(expect.arrayContaining(['not_found', 'route_not_found', 'truck_not_found']));
    expect(codesOfStatus(429)).toEqual(['rate_limited']);
    expect(codesOfStatus(418)).toEqual([]);
  });
});
