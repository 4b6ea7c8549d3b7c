/** Who may block or mute whom (docs/blocks.md): anyone but yourself and the assistants. */
export const canBlock = (viewer: { id: number }, target: { id: number; is_bot: number }): boolean =>
  viewer.id !== target.id && target.is_bot !== 1;
