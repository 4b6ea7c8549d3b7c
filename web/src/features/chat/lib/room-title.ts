import type { RoomDetail } from '@studium/protocol';

type TitleRoom = Pick<RoomDetail, 'name' | 'path' | 'kind'> & { members?: RoomDetail['members'] };

/** A DM: kind dm, or a name starting with 'dm' plus a separator. */
export function isDirectMessageRoom(room: Pick<TitleRoom, 'name' | 'kind'>): boolean {
  return room.kind === 'dm' || /^dm[:_\-.\s/|]/i.test(room.name);
}

/** The two participants: from the member list, else from the path split on ':'. */
export function dmParticipants(room: TitleRoom): string[] {
  const fromMembers = (room.members ?? []).map((m) => m.username).filter(Boolean);
  if (fromMembers.length >= 2) return fromMembers;
  const fromPath = room.path
    .split(':')
    .map((p) => p.trim())
    .filter((p) => p && p.toLowerCase() !== 'dm');
  return fromPath.length ? fromPath : fromMembers;
}

/** The chat header title (docs/chat.md): a DM is titled with the other person's name. */
export function roomTitle(room: TitleRoom | null | undefined, me: string | null, routeName: string): string {
  if (room && isDirectMessageRoom(room)) {
    const self = me ?? '';
    const people = dmParticipants(room);
    const other = people.find((p) => p.toLowerCase() !== self.toLowerCase()) ?? people[0] ?? '';
    return other || 'Direct message';
  }
  return room?.name.trim() || room?.path.trim() || routeName;
}
