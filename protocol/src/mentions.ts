/**
 * `@handle` in a message's text (docs/chat.md): preceded by the start or a non-word character,
 * a handle as usernames allow (3–30). Shared so the server notifies exactly the handles the web
 * app shows as mentions.
 */
export const MENTION_IN_TEXT = /(^|[^\w@/.])@([A-Za-z0-9_]{3,30})(?![\w@])/g;

// Code is shown as typed: a handle inside a fence or a code span mentions nobody.
const CODE = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`/g;

/** The handles typed in a text outside code, in order, each once (compared case-insensitively). */
export function typedMentionHandles(text: string): string[] {
  const seen = new Set<string>();
  const handles: string[] = [];
  for (const match of text.replace(CODE, ' ').matchAll(MENTION_IN_TEXT)) {
    const handle = match[2] ?? '';
    if (seen.has(handle.toLowerCase())) continue;
    seen.add(handle.toLowerCase());
    handles.push(handle);
  }
  return handles;
}
