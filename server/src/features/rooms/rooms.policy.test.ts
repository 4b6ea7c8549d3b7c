import { describe, expect, it } from 'vitest';
import * as policy from './rooms.policy';

const me = { id: 1 };
const room = (fields: Partial<Parameters<typeof policy.canRead>[1]> = {}) => ({
  kind: 'public' as const,
  is_public_readable: 1,
  is_write_gated: 1,
  owner_id: null,
  ...fields,
});
const member = { role: 'member' as const };
const owner = { role: 'owner' as const };

describe('room policies', () => {
  it('public tree room: anyone reads, writing joins first, nobody renames', () => {
    const r = room();
    expect(policy.canRead(me, r, undefined)).toBe(true);
    expect(policy.canWrite(me, r, undefined)).toBe(false);
    expect(policy.joinsOnWrite(me, r, undefined)).toBe(true);
    expect(policy.canWriteOrJoin(me, r, undefined)).toBe(true);
    expect(policy.canRename(me, r, member)).toBe(false);
    expect(policy.canSeeMembers(me, r, member)).toBe(false);
  });

  it('a conversation is hidden from whoever is not in it; a tree room never is, nor from the banned', () => {
    for (const kind of ['dm', 'group', 'assistant'] as const) {
      const r = room({ kind, is_public_readable: 0 });
      expect(policy.isHiddenFrom(me, r, undefined)).toBe(true);
      expect(policy.isHiddenFrom(me, r, member)).toBe(false);
      expect(policy.isHiddenFrom(me, r, { role: 'banned' })).toBe(false);
    }
    expect(policy.isHiddenFrom(me, room(), undefined)).toBe(false);
    expect(policy.isHiddenFrom(me, room({ is_public_readable: 0 }), undefined)).toBe(false);
  });

  it('public room without write gate: readers write without joining', () => {
    const r = room({ is_write_gated: 0 });
    expect(policy.canWrite(me, r, undefined)).toBe(true);
    expect(policy.joinsOnWrite(me, r, undefined)).toBe(false);
  });

  it('members-only tree room: details for all, reading and writing for members, joining for nobody', () => {
    const r = room({ is_public_readable: 0, owner_id: 2 });
    expect(policy.canViewDetails(me, r, undefined)).toBe(true);
    expect(policy.canRead(me, r, undefined)).toBe(false);
    expect(policy.canWriteOrJoin(me, r, undefined)).toBe(false);
    expect(policy.canJoin(me, r, undefined)).toBe(false);
    expect(policy.canSeeMembers(me, r, undefined)).toBe(false);
    expect(policy.canRead(me, r, member)).toBe(true);
    expect(policy.canSeeMembers(me, r, member)).toBe(true);
  });

  it('group room: members read, write and rename; the owner alone sets bots', () => {
    const r = room({ kind: 'group', is_public_readable: 0, owner_id: 2 });
    expect(policy.canViewDetails(me, r, undefined)).toBe(false);
    expect(policy.canRename(me, r, member)).toBe(true);
    expect(policy.canSetBotAllowed(me, r, member)).toBe(false);
    expect(policy.canSetBotAllowed({ id: 2 }, r, owner)).toBe(true);
    expect(policy.canRename(me, r, undefined)).toBe(false);
  });

  it('DM room: only its two members, nobody renames', () => {
    const r = room({ kind: 'dm', is_public_readable: 0 });
    expect(policy.canRead(me, r, undefined)).toBe(false);
    expect(policy.canJoin(me, r, undefined)).toBe(false);
    expect(policy.canWrite(me, r, member)).toBe(true);
    expect(policy.canRename(me, r, member)).toBe(false);
  });

  it('presented rights: a public room that is not write-gated lets a non-member send, react and edit without joining', () => {
    const r = room({ is_write_gated: 0 });
    expect(policy.canSend(me, r, undefined)).toBe(true);
    expect(policy.canReact(me, r, undefined)).toBe(true);
    expect(policy.canEditOwn(me, r, undefined)).toBe(true);
    expect(policy.canJoinAsNew(me, r, undefined)).toBe(true);
    expect(policy.canJoinAsNew(me, r, member)).toBe(false);
  });

  it('presented rights: a write-gated public room lets a non-member send after joining, but not edit', () => {
    const r = room();
    expect(policy.canSend(me, r, undefined)).toBe(true);
    expect(policy.canEditOwn(me, r, undefined)).toBe(false);
    expect(policy.canEditOwn(me, r, member)).toBe(true);
  });

  it('assistant room: only its two members read and write; nobody renames it or switches its bot', () => {
    const r = room({ kind: 'assistant', is_public_readable: 0, owner_id: me.id });
    expect(policy.canRead(me, r, owner)).toBe(true);
    expect(policy.canSend(me, r, owner)).toBe(true);
    expect(policy.canRead({ id: 9 }, r, undefined)).toBe(false);
    expect(policy.canSend({ id: 9 }, r, undefined)).toBe(false);
    expect(policy.canJoin({ id: 9 }, r, undefined)).toBe(false);
    expect(policy.canViewDetails({ id: 9 }, r, undefined)).toBe(false);
    expect(policy.canRename(me, r, owner)).toBe(false);
    expect(policy.canSetBotAllowed(me, r, owner)).toBe(false);
  });

  it('bots post only where allowed: their own assistant room, or a room that allows bots', () => {
    expect(policy.botsMayPost({ kind: 'assistant', is_bot_allowed: 0 }, member)).toBe(true);
    expect(policy.botsMayPost({ kind: 'assistant', is_bot_allowed: 1 }, undefined)).toBe(false);
    expect(policy.botsMayPost({ kind: 'public', is_bot_allowed: 1 }, undefined)).toBe(true);
    expect(policy.botsMayPost({ kind: 'public', is_bot_allowed: 0 }, member)).toBe(false);
    expect(policy.botsMayPost({ kind: 'dm', is_bot_allowed: 0 }, member)).toBe(false);
  });

  it('a ban: no reading, writing, reacting or joining, even in a public room without write gate', () => {
    const banned = { role: 'banned' as const };
    for (const r of [room(), room({ is_write_gated: 0 }), room({ is_public_readable: 0 })]) {
      expect(policy.canRead(me, r, banned)).toBe(false);
      expect(policy.canWrite(me, r, banned)).toBe(false);
      expect(policy.canSend(me, r, banned)).toBe(false);
      expect(policy.canReact(me, r, banned)).toBe(false);
      expect(policy.canJoin(me, r, banned)).toBe(false);
      expect(policy.canJoinAsNew(me, r, banned)).toBe(false);
      expect(policy.joinsOnWrite(me, r, banned)).toBe(false);
      expect(policy.canDeleteOwn(me, r, banned)).toBe(false);
      expect(policy.isMember(banned)).toBe(false);
    }
  });

  it('a group: its owners add people, every member leaves; nobody does either elsewhere', () => {
    const group = room({ kind: 'group', is_public_readable: 0, owner_id: 2 });
    expect(policy.canAddMembers(me, group, owner)).toBe(true);
    expect(policy.canAddMembers(me, group, member)).toBe(false);
    expect(policy.canAddMembers(me, group, undefined)).toBe(false);
    expect(policy.canLeave(me, group, member)).toBe(true);
    expect(policy.canLeave(me, group, owner)).toBe(true);
    expect(policy.canLeave(me, group, undefined)).toBe(false);
    // The recorded owner who has left is no longer an owner of it.
    expect(policy.canAddMembers({ id: 2 }, group, undefined)).toBe(false);
    for (const r of [
      room(),
      room({ kind: 'dm', is_public_readable: 0 }),
      room({ kind: 'assistant', owner_id: 1 }),
    ]) {
      expect(policy.canAddMembers(me, r, owner)).toBe(false);
      expect(policy.canLeave(me, r, member)).toBe(false);
    }
  });

  it('a members-only tree room: its owner and operators add people, members and the banned do not', () => {
    const closed = room({ is_public_readable: 0, owner_id: 1 });
    const operator = { id: 3, isOperator: true };
    expect(policy.canAddMembers(me, closed, owner)).toBe(true);
    // The recorded owner, an owner membership: either one is the owner.
    expect(policy.canAddMembers(me, closed, undefined)).toBe(true);
    expect(policy.canAddMembers({ id: 4 }, room({ is_public_readable: 0 }), owner)).toBe(true);
    expect(policy.canAddMembers({ id: 2 }, closed, member)).toBe(false);
    expect(policy.canAddMembers({ id: 2 }, closed, undefined)).toBe(false);
    expect(policy.canAddMembers(operator, closed, undefined)).toBe(true);
    expect(policy.canAddMembers(operator, closed, { role: 'banned' })).toBe(false);
    // People join a publicly readable room themselves: nobody adds them, not even its owner.
    expect(policy.canAddMembers(me, room({ owner_id: 1 }), owner)).toBe(false);
    expect(policy.canAddMembers(operator, room(), undefined)).toBe(false);
    // An operator adds nobody to someone else's conversation.
    expect(policy.canAddMembers(operator, room({ kind: 'group', is_public_readable: 0 }), undefined)).toBe(
      false,
    );
  });

  it('pins: the owner and operators who read the room, both people of a DM, never a banned operator', () => {
    const tree = room({ owner_id: 2 });
    expect(policy.canPin({ id: 2 }, tree, owner)).toBe(true);
    expect(policy.canPin(me, tree, member)).toBe(false);
    expect(policy.canPin({ id: 1, isOperator: true }, tree, undefined)).toBe(true);
    expect(policy.canPin({ id: 1, isOperator: true }, tree, { role: 'banned' })).toBe(false);
    const dm = room({ kind: 'dm', is_public_readable: 0 });
    expect(policy.canPin(me, dm, member)).toBe(true);
    expect(policy.canPin(me, dm, undefined)).toBe(false);
    expect(
      policy.canPin({ id: 1, isOperator: true }, room({ kind: 'group', is_public_readable: 0 }), undefined),
    ).toBe(false);
  });
});
