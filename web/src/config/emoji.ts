/** Where the emoji picker reads its data (web/vite-plugins/emoji-data.ts puts it there). */
export const EMOJI_DATA_BASE = '/emojibase';
