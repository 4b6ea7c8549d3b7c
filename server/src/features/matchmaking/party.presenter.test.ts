import { describe, expect, it } from 'vitest';
import { PARTY_TEXTS } from '@studium/protocol';
import { formatMatchWelcome, matchRoomName } from './party.presenter';

describe('the first message of a matched group', () => {
  const members = [
    { username: 'ana', display_name: 'ana' },
    { username: null, display_name: 'bo' },
    { username: 'chen_w', display_name: 'Chen' },
    { username: 'dara', display_name: 'Dara' },
  ];

  it('names the topic and every member, the username when it differs from the name', () => {
    const text = formatMatchWelcome('cs-101', members, [
      { day: 'tue', start: '14:00', end: '16:00' },
      { day: 'thu', start: '10:00', end: '11:30' },
    ]);
    expect(text).toBe(
      '**Study group for CS-101** — ana, bo, Chen (@chen_w), Dara\n\nYou are all free: Tue 14:00–16:00, Thu 10:00–11:30',
    );
  });

  it('says so when the group shares no free time, and reads hobbies as words', () => {
    expect(formatMatchWelcome('board-games', members.slice(0, 2), [])).toBe(
      `**Study group for board games** — ana, bo\n\n${PARTY_TEXTS.noOverlap}`,
    );
  });

  it('names the room after the topic', () => {
    expect(matchRoomName('math-240')).toBe('MATH-240 study group');
    expect(matchRoomName('table-tennis')).toBe('table tennis study group');
  });
});
