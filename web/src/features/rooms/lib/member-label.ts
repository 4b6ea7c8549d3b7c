import type { RoomMember } from '@studium/protocol';

/** 'display name • @username (owner, you)', or '(unknown member)' when both names are empty (docs/rooms.md). */
export function memberLabel(member: RoomMember): string {
  const display = member.display_name.trim();
  const username = member.username.trim();
  if (!display && !username) return '(unknown member)';
  const name = [display, username ? `@${username}` : ''].filter(Boolean).join(' • ');
  const tags = [member.role === 'owner' ? 'owner' : '', member.is_self ? 'you' : ''].filter(Boolean);
  return tags.length ? `${name} (${tags.join(', ')})` : name;
}
