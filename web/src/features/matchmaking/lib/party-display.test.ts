import { describe, expect, it } from 'vitest';
import type { PartyCandidate } from '@studium/protocol';
import { formatWindow, memberLabel, sortPending } from './party-display';

describe('party display', () => {
  it('names a member by display name, adding the username only when it differs', () => {
    expect(memberLabel({ username: 'ada', display_name: 'Ada' })).toBe('Ada');
    expect(memberLabel({ username: 'ada_l', display_name: 'Ada' })).toBe('Ada (@ada_l)');
    expect(memberLabel({ username: null, display_name: 'Bo' })).toBe('Bo');
  });

  it('writes a weekly window as people read it', () => {
    expect(formatWindow({ day: 'tue', start: '14:00', end: '16:30' })).toBe('Tue 14:00–16:30');
  });

  it('sorts pending offers by acceptance, newest first', () => {
    const offer = (id: number, accepted_at: string | null): PartyCandidate => ({
      candidate_party_id: id,
      score: 0.5,
      pairing_preview_json: { field_scores: {}, overlap_windows: [], overlap_hours: 0, combined_size: 2 },
      size: 1,
      target_size: 2,
      topic_key: 'cs-101',
      owner_username: 'bo',
      member_usernames: ['bo'],
      members: [],
      pitch: '',
      offer_id: id,
      offer_state: 'A_ACCEPTED',
      accepted_at,
      accepted_by_other: false,
    });
    const sorted = sortPending([
      offer(1, '2026-01-01T10:00:00Z'),
      offer(2, null),
      offer(3, '2026-01-02T10:00:00Z'),
    ]);
    expect(sorted.map((o) => o.candidate_party_id)).toEqual([3, 1, 2]);
  });
});
