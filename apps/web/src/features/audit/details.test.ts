import { describe, expect, it } from 'vitest';
import { detailFields, detailLabel } from './details';

describe('audit details as labelled fields', () => {
  it('labels keys in words, whatever their case', () => {
    expect(detailLabel('secretCreated')).toBe('Secret created');
    expect(detailLabel('previous_role')).toBe('Previous role');
    expect(detailLabel('url')).toBe('URL');
    expect(detailLabel('reason')).toBe('Reason');
  });

  it('gives values in words, game names for game keys, in the order of their labels, internal ids left out', () => {
    expect(
      detailFields({
        game: 'talesrunner',
        deliveryId: '9d7c0e4e-0000-4000-8000-000000000001',
        eventId: 'evt_1',
        url: 'https://tr.test/hook',
        active: false,
        attempts: 1200,
        roles: ['support', 'finance'],
        changes: { role: 'finance', previousRole: 'support' },
        note: null,
      }),
    ).toEqual([
      { key: 'active', label: 'Active', value: 'No' },
      { key: 'attempts', label: 'Attempts', value: '1,200' },
      { key: 'changes', label: 'Changes', value: 'Previous role: support; Role: finance' },
      { key: 'game', label: 'Game', value: 'Tales Runner' },
      { key: 'note', label: 'Note', value: '—' },
      { key: 'roles', label: 'Roles', value: 'support, finance' },
      { key: 'url', label: 'URL', value: 'https://tr.test/hook' },
    ]);
  });

  it('keeps a game key it does not know as written', () => {
    expect(detailFields({ game: 'retired-game' })).toEqual([
      { key: 'game', label: 'Game', value: 'retired-game' },
    ]);
  });
});
