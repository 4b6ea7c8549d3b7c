import type { Mention } from '@studium/protocol';
import { LIMITS } from '@studium/protocol';

/** `@` at the start or after a non-word character, then up to 30 letters, digits or underscores. */
const TRIGGER = new RegExp(`(?:^|[^\\w@])@([A-Za-z0-9_]{0,${LIMITS.mentionHandleMax}})$`);

export interface MentionTrigger {
  /** Index of the '@'. */
  start: number;
  /** The handle typed so far. */
  query: string;
}

/** The mention being typed just before the caret, if any. */
export function findMentionTrigger(text: string, caret: number): MentionTrigger | null {
  const match = TRIGGER.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Suggestions are searched once the handle has at least 2 characters (docs/chat.md). */
export function shouldSearchMentions(trigger: MentionTrigger | null): trigger is MentionTrigger {
  return trigger !== null && trigger.query.length >= LIMITS.mentionSearchMin;
}

/** Replaces the typed trigger with the picked `@username ` and records the mention. */
export function applyMention(text: string, trigger: MentionTrigger, caret: number, username: string) {
  const inserted = `@${username}`;
  const next = `${text.slice(0, trigger.start)}${inserted} ${text.slice(caret)}`;
  const mention: Mention = {
    username,
    start: trigger.start,
    end: trigger.start + inserted.length,
    display: username,
  };
  return { text: next, caret: trigger.start + inserted.length + 1, mention };
}

/** Keeps picked mentions in step with an edit of the text; mentions the edit touched are dropped. */
export function adjustMentions(prev: string, next: string, mentions: Mention[]): Mention[] {
  if (mentions.length === 0 || prev === next) return mentions;
  let prefix = 0;
  const max = Math.min(prev.length, next.length);
  while (prefix < max && prev[prefix] === next[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < max - prefix && prev[prev.length - 1 - suffix] === next[next.length - 1 - suffix])
    suffix += 1;
  const changedEnd = prev.length - suffix;
  const delta = next.length - prev.length;
  const kept: Mention[] = [];
  for (const m of mentions) {
    let moved: Mention | null = null;
    if (m.end <= prefix) moved = m;
    else if (m.start >= changedEnd) moved = { ...m, start: m.start + delta, end: m.end + delta };
    if (moved && next.slice(moved.start, moved.end) === `@${moved.username}`) kept.push(moved);
  }
  return kept;
}

/** The picked mentions located in the text as sent (lines trimmed), in order. */
export function mentionsForSend(sent: string, mentions: Mention[]): Mention[] {
  const sorted = [...mentions].sort((a, b) => a.start - b.start);
  const out: Mention[] = [];
  let from = 0;
  for (const m of sorted) {
    const handle = `@${m.username}`;
    const at = sent.indexOf(handle, from);
    if (at < 0) continue;
    out.push({ username: m.username, start: at, end: at + handle.length, display: m.display ?? m.username });
    from = at + handle.length;
  }
  return out;
}
