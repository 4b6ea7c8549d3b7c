declare module 'markdown-it-emoji/lib/bare.mjs' {
  import type MarkdownIt from 'markdown-it';

  interface EmojiOptions {
    defs?: Record<string, string>;
    shortcuts?: Record<string, string | string[]>;
    enabled?: string[];
  }
  const bare: (md: MarkdownIt, options?: EmojiOptions) => void;
  export default bare;
}

declare module 'markdown-it-emoji/lib/data/full.mjs' {
  const defs: Record<string, string>;
  export default defs;
}
