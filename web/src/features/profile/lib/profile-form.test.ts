import { describe, expect, it } from 'vitest';
import { PRIVACY_DEFAULTS, PROFILE_TEXTS, type OwnProfile } from '@studium/protocol';
import { ApiError, NetworkError } from '../../../lib/api-client';
import {
  actionErrorText,
  draftFromProfile,
  passwordDraftProblem,
  pictureFileProblem,
  validateDraft,
} from './profile-form';

const EMPTY_PROFILE: OwnProfile = {
  username: 'ana',
  profile_picture_url: null,
  join_date: '2026-01-01T00:00:00Z',
  studies: '',
  profile_blurb: '',
  website: '',
  languages_spoken: '',
  interests: '',
  ...PRIVACY_DEFAULTS,
};

describe('draftFromProfile', () => {
  it('keeps the text fields and privacy flags, and only those', () => {
    const draft = draftFromProfile({
      ...EMPTY_PROFILE,
      studies: 'Maths',
      studies_private: true,
      website_private: false,
    });
    expect(draft).toEqual({
      studies: 'Maths',
      profile_blurb: '',
      website: '',
      languages_spoken: '',
      interests: '',
      ...PRIVACY_DEFAULTS,
      studies_private: true,
      website_private: false,
    });
  });
});

describe('validateDraft', () => {
  const base = draftFromProfile(EMPTY_PROFILE);

  it('accepts the limits and refuses one character more', () => {
    expect(validateDraft({ ...base, studies: 'x'.repeat(100), profile_blurb: 'x'.repeat(1000) })).toEqual({});
    expect(validateDraft({ ...base, studies: 'x'.repeat(101) })).toEqual({
      studies: PROFILE_TEXTS.tooLong('Studies', 100),
    });
    expect(validateDraft({ ...base, interests: 'x'.repeat(201) }).interests).toBe(
      PROFILE_TEXTS.tooLong('Interests & tags', 200),
    );
  });

  it.each(['example.org', 'javascript:alert(1)', 'ftp://x.org'])('refuses the website %s', (website) => {
    expect(validateDraft({ ...base, website })).toEqual({ website: PROFILE_TEXTS.websiteUrl });
  });

  it('accepts an http(s) website or none', () => {
    expect(validateDraft({ ...base, website: 'https://example.org' })).toEqual({});
    expect(validateDraft({ ...base, website: '  ' })).toEqual({});
  });
});

describe('pictureFileProblem', () => {
  it('wants an image of at most 5 MB', () => {
    expect(pictureFileProblem({ type: 'text/plain', size: 10 })).toBe(PROFILE_TEXTS.selectImage);
    expect(pictureFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      PROFILE_TEXTS.imageTooLarge,
    );
    expect(pictureFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
  });
});

describe('passwordDraftProblem', () => {
  it('checks the confirmation first, then refuses the same password', () => {
    expect(passwordDraftProblem({ current: 'a', next: 'b', confirm: 'c' })).toBe(
      PROFILE_TEXTS.confirmMismatch,
    );
    expect(passwordDraftProblem({ current: 'same', next: 'same', confirm: 'same' })).toBe(
      PROFILE_TEXTS.samePassword,
    );
    expect(passwordDraftProblem({ current: 'old', next: 'new', confirm: 'new' })).toBeNull();
  });
});

describe('actionErrorText', () => {
  it("prefers the server's text, then the fallbacks", () => {
    expect(actionErrorText(new ApiError(400, { error: 'Nope.' }), PROFILE_TEXTS.updateFailed)).toBe('Nope.');
    expect(actionErrorText(new ApiError(500, null), PROFILE_TEXTS.updateFailed)).toBe(
      PROFILE_TEXTS.updateFailed,
    );
    expect(
      actionErrorText(new NetworkError('offline'), PROFILE_TEXTS.updateFailed, PROFILE_TEXTS.updateError),
    ).toBe(PROFILE_TEXTS.updateError);
    expect(actionErrorText(new NetworkError('offline'), PROFILE_TEXTS.passwordFailed)).toBe(
      PROFILE_TEXTS.connectionError,
    );
  });
});
