import { z } from 'zod';

/** Texts of blocking and muting (docs/blocks.md). */
export const BLOCKS_TEXTS = {
  blockedMessage: 'Message from a blocked user',
  mutedMessage: 'Message from a muted user',
  showMessage: 'Show message',
  block: 'Block',
  unblock: 'Unblock',
  mute: 'Mute',
  unmute: 'Unmute',
  blocked: (username: string) => `You blocked @${username}`,
  unblocked: (username: string) => `You unblocked @${username}`,
  muted: (username: string) => `You muted @${username}`,
  unmuted: (username: string) => `You unmuted @${username}`,
  cannotBlockSelf: 'You cannot block or mute yourself.',
  cannotBlockBot: 'Assistants cannot be blocked or muted.',
  userNotFound: 'User not found.',
  actionFailed: 'Could not change that. Try again.',
  /** The only answer the blocked side gets: it must not tell them they are blocked. */
  cannotMessage: 'You cannot message this user.',
  cannotAdd: (names: string[]) => `These people cannot be added: ${names.join(', ')}.`,
  settingsTitle: 'Blocked and muted users',
  settingsDescription:
    'Blocked users cannot message you or add you to groups, and their messages are hidden. Muted users only have their messages hidden. Neither is told.',
  noneBlocked: 'You have not blocked anyone.',
  noneMuted: 'You have not muted anyone.',
  blockedHeading: 'Blocked',
  mutedHeading: 'Muted',
  loadFailed: 'Failed to load your blocked and muted users',
} as const;

/** Why a message is collapsed for the viewer; null: shown. */
export const hiddenReason = z.enum(['blocked', 'muted']);
export type HiddenReason = z.infer<typeof hiddenReason>;

/** One user the caller blocked or muted, and since when. */
export const blockedUser = z.object({ username: z.string(), since: z.string() });
export type BlockedUser = z.infer<typeof blockedUser>;

/**
 * `GET /api/blocks/` (and the answer of every change): the caller's own lists, oldest first.
 * The screen collapses live messages of these authors; history answers carry `hidden` per message.
 */
export const blocksResponse = z.object({
  blocked: z.array(blockedUser),
  muted: z.array(blockedUser),
});
export type BlocksResponse = z.infer<typeof blocksResponse>;

/**
 * The caller's lists changed (a block or a mute made or undone, on any tab or device): sent on
 * their notification socket after commit, with the lists of now, so every open screen collapses
 * or shows the authors as the server will answer them (docs/blocks.md).
 */
export const blocksChangedFrame = z.object({
  type: z.literal('blocks_changed'),
  ...blocksResponse.shape,
});
export type BlocksChangedFrame = z.infer<typeof blocksChangedFrame>;
