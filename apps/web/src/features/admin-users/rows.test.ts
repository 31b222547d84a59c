import { describe, expect, it } from 'vitest';
import { ageFrom, usDate } from './rows';

describe('admin table cells', () => {
  it('derives age from the birthdate', () => {
    expect(ageFrom('2000-06-15', new Date(2025, 5, 14))).toBe(24);
    expect(ageFrom('2000-06-15', new Date(2025, 5, 15))).toBe(25);
    expect(ageFrom(null)).toBe('');
  });
  it('shows dates in US short form', () => {
    expect(usDate('2000-06-15')).toBe('Jun 15, 2000');
  });
});
