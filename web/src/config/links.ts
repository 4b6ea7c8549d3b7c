/** External destinations, kept in one place so deployments can change them. */
export const links = {
  /** 'Report bug' in the avatar menu and the register page's error hint. */
  feedbackForm: 'https://forms.gle/studium-feedback',
  /** The About page's community chat server. */
  communityServer: 'https://discord.gg/studium',
} as const;
