/**
 * External destinations, kept in one place so deployments can change them at build time
 * (`VITE_FEEDBACK_URL`, `VITE_COMMUNITY_URL`).
 */
export const links = {
  /**
   * 'Report bug' in the avatar menu (the product's menu always has it) and the register page's
   * hint after an unexpected failure. An operator points it at their own form (`VITE_FEEDBACK_URL`).
   */
  feedbackForm: ((import.meta.env.VITE_FEEDBACK_URL as string | undefined) ||
    'https://forms.gle/studium-feedback') as string | undefined,
  /** The About page's community chat server. */
  communityServer: import.meta.env.VITE_COMMUNITY_URL ?? 'https://discord.gg/studium',
} as const;
