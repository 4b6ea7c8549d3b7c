/**
 * External destinations, kept in one place so deployments can change them at build time
 * (`VITE_FEEDBACK_URL`, `VITE_COMMUNITY_URL`).
 */
export const links = {
  /** 'Report bug' in the avatar menu and the register page's error hint. */
  feedbackForm: import.meta.env.VITE_FEEDBACK_URL ?? 'https://forms.gle/studium-feedback',
  /** The About page's community chat server. */
  communityServer: import.meta.env.VITE_COMMUNITY_URL ?? 'https://discord.gg/studium',
} as const;
