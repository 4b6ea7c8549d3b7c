/** Query keys of the moderation screens; an action refreshes everything under `all`. */
export const moderationKeys = {
  all: ['moderation'] as const,
  access: (username: string) => [...moderationKeys.all, 'access', username] as const,
  queue: () => [...moderationKeys.all, 'queue'] as const,
  log: () => [...moderationKeys.all, 'log'] as const,
  bans: () => [...moderationKeys.all, 'bans'] as const,
};
