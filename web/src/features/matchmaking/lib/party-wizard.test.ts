import { describe, expect, it } from 'vitest';
import { PARTY_TEXTS } from '@studium/protocol';
import {
  checkDraft,
  clampComplement,
  emptyPartyDraft,
  firstStepWithError,
  issueText,
  resizeMembers,
  roomLeft,
  stepOfPath,
  toPayloadInput,
  withoutError,
  withTeamSizes,
  withTopic,
  type PartyDraft,
} from './party-wizard';

const t = PARTY_TEXTS;
const ME = 'ada';

function draft(partial: Partial<PartyDraft> = {}): PartyDraft {
  return { ...emptyPartyDraft(ME), topic_key: 'cs-101', ...partial };
}

describe('stepOfPath', () => {
  it('puts topic and modality on Topic, sizes and teammates on Team', () => {
    expect(stepOfPath('topic_key')).toBe(0);
    expect(stepOfPath('modality')).toBe(0);
    expect(stepOfPath('target_size')).toBe(1);
    expect(stepOfPath('preferred_complement_size')).toBe(1);
    expect(stepOfPath('members')).toBe(1);
    expect(stepOfPath('members.1.display_name')).toBe(1);
    expect(stepOfPath('members.0.username')).toBe(1);
  });

  it('puts pitch, campus, languages and time blocks on Details, member prefs on Profiles', () => {
    expect(stepOfPath('pitch')).toBe(2);
    expect(stepOfPath('availability.0.end')).toBe(2);
    expect(stepOfPath('members.2.prefs.grades')).toBe(3);
  });

  it('knows no step for a path outside the payload', () => {
    expect(stepOfPath('')).toBeNull();
    expect(stepOfPath('party')).toBeNull();
  });

  it('finds the earliest step among errors', () => {
    expect(firstStepWithError({ 'members.0.prefs.blurb': 'x', pitch: 'y' })).toBe(2);
    expect(firstStepWithError({ whatever: 'x' })).toBeNull();
    expect(firstStepWithError({})).toBeNull();
  });
});

describe('preferred remaining spots', () => {
  it('is the room between team and target size', () => {
    expect(roomLeft({ target_size: '5', existing_member_count: '2' })).toBe(3);
    expect(roomLeft({ target_size: '2', existing_member_count: '3' })).toBe(0);
    expect(roomLeft({ target_size: '', existing_member_count: '1' })).toBeNull();
  });

  it('is clamped into 0..room and cleared when no room is left', () => {
    expect(
      clampComplement(
        draft({ target_size: '5', existing_member_count: '2', preferred_complement_size: '9' }),
      ),
    ).toBe('3');
    expect(
      clampComplement(
        draft({ target_size: '5', existing_member_count: '2', preferred_complement_size: '-2' }),
      ),
    ).toBe('0');
    expect(
      clampComplement(
        draft({ target_size: '3', existing_member_count: '3', preferred_complement_size: '1' }),
      ),
    ).toBe('');
    expect(
      clampComplement(draft({ target_size: '5', existing_member_count: '1', preferred_complement_size: '' })),
    ).toBe('');
  });

  it('follows a change of target size, and the member rows follow the team size', () => {
    const d = withTeamSizes(draft({ preferred_complement_size: '3' }), { target_size: '3' });
    expect(d.preferred_complement_size).toBe('2');
    const grown = withTeamSizes(d, { existing_member_count: '3' });
    expect(grown.members).toHaveLength(3);
    expect(grown.members[0]?.username).toBe(ME);
    expect(grown.preferred_complement_size).toBe('');
    expect(withTeamSizes(grown, { existing_member_count: '1' }).members).toHaveLength(1);
  });

  it('keeps the rows while the team size is not a usable number', () => {
    const rows = draft().members;
    expect(resizeMembers(rows, '')).toBe(rows);
    expect(resizeMembers(rows, '0')).toBe(rows);
    expect(resizeMembers(rows, '99')).toBe(rows);
  });
});

describe('topic and modality', () => {
  it('keeps modality for a course and clears it for a hobby', () => {
    expect(withTopic(draft({ modality: 'remote' }), 'math-240').modality).toBe('remote');
    expect(withTopic(draft({ modality: 'remote' }), 'skiing').modality).toBe('');
  });

  it('never sends a modality for a non-course topic', () => {
    expect(toPayloadInput(draft({ topic_key: 'chess', modality: 'remote' }), ME).modality).toBeNull();
  });
});

describe('checkDraft', () => {
  it('asks for a topic first, then for one from the suggestions', () => {
    expect(checkDraft(draft({ topic_key: '' }), ME, 0).errors).toEqual({ topic_key: t.chooseTopic });
    expect(checkDraft(draft({ topic_key: 'knitting-club' }), ME, 0).errors).toEqual({
      topic_key: t.topicFromSuggestions,
    });
  });

  it('reports only the steps passed', () => {
    const bad = withTeamSizes(draft({ topic_key: '' }), { existing_member_count: '2' });
    expect(Object.keys(checkDraft(bad, ME, 0).errors)).toEqual(['topic_key']);
    expect(checkDraft(bad, ME, 1).errors).toMatchObject({
      topic_key: t.chooseTopic,
      'members.1.display_name': t.displayNameRequired,
    });
  });

  it('refuses a team larger than the target', () => {
    const d = withTeamSizes(draft(), { target_size: '2', existing_member_count: '3' });
    expect(checkDraft(d, ME, 1).errors.existing_member_count).toBe(t.teamOverTarget);
  });

  it('refuses a time block that ends before it starts, on Details', () => {
    const d = draft({ availability: [{ day: 'tue', start: '16:00', end: '14:00' }] });
    expect(checkDraft(d, ME, 1).errors).toEqual({});
    expect(checkDraft(d, ME, 2).errors['availability.0.end']).toBe('A time block must end after it starts.');
  });

  it('bounds a member’s grades on Profiles, in a short text', () => {
    const d = draft();
    d.members[0] = { ...d.members[0]!, grades: 'A'.repeat(41) };
    expect(checkDraft(d, ME, 2).errors).toEqual({});
    expect(checkDraft(d, ME, 3).errors['members.0.prefs.grades']).toBe('Use at most 40 characters.');
  });

  it('refuses duplicate usernames whatever their case', () => {
    const d = withTeamSizes(draft(), { existing_member_count: '2' });
    d.members[1] = { ...d.members[1]!, display_name: 'Ada again', username: 'ADA' };
    expect(checkDraft(d, ME).errors['members.1.username']).toBe(t.duplicateUsernames);
  });

  it('gives the normalized payload with the owner first, fixed to the current user', () => {
    const d = withTeamSizes(
      draft({
        topic_key: ' CS-101 ',
        modality: 'in_person',
        campus: ' North ',
        languages: 'English, French, english',
        pitch: ' Hi ',
      }),
      { existing_member_count: '2' },
    );
    d.members[0] = { ...d.members[0]!, username: 'someone-else' };
    d.members[1] = { ...d.members[1]!, display_name: ' Bo ', username: '' };
    const { errors, payload } = checkDraft(d, ME);
    expect(errors).toEqual({});
    expect(payload).toMatchObject({
      topic_key: 'cs-101',
      modality: 'in_person',
      campus: 'north',
      languages: 'en,fr',
      pitch: 'Hi',
      target_size: 4,
      existing_member_count: 2,
      preferred_complement_size: null,
      members: [
        { username: ME, is_owner: true },
        { username: null, display_name: 'Bo', is_owner: false },
      ],
    });
  });
});

describe('small helpers', () => {
  it('words a length bound shortly and keeps every other text', () => {
    expect(issueText({ code: 'too_big', origin: 'string', maximum: 40, message: 'Too big: …' })).toBe(
      'Use at most 40 characters.',
    );
    expect(issueText({ code: 'custom', message: t.teamOverTarget })).toBe(t.teamOverTarget);
  });

  it('drops the error of a field that changed', () => {
    const errors = { pitch: 'x', campus: 'y' };
    expect(withoutError(errors, 'pitch')).toEqual({ campus: 'y' });
    expect(withoutError(errors, 'languages')).toBe(errors);
  });
});
