/**
 * External destinations, kept in one place so deployments can change them at build time
 * (`VITE_FEEDBACK_URL`, `VITE_COMMUNITY_URL`).
 */
export const links = {
  /**
   * 'Report bug' in the avatar menu and the register page's error hint. Without a configured
   * form there is nowhere real to send a report, so both links are left out.
   */
  feedbackForm: (import.meta.env.VITE_FEEDBACK_URL as string | undefined) || undefined,
  /** The About page's community chat server. */
  communityServer: import.meta.env.VITE_COMMUNITY_URL ?? 'https://discord.gg/studium',
} as const;
