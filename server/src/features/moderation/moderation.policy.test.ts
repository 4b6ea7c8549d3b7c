import { describe, expect, it } from 'vitest';
import * as policy from './moderation.policy';

const treeRoom = { kind: 'public' as const, owner_id: 1 };
const owner = { id: 1, isOperator: false };
const member = { id: 2, isOperator: false };
const operator = { id: 3, isOperator: true };

describe('moderation policies', () => {
  it('lets the owner of a tree room and the operators moderate it, nobody else', () => {
    expect(policy.canModerateRoom(owner, treeRoom, undefined)).toBe(true);
    expect(policy.canModerateRoom(member, treeRoom, { role: 'member' })).toBe(false);
    expect(policy.canModerateRoom(member, treeRoom, { role: 'owner' })).toBe(true);
    expect(policy.canModerateRoom(operator, treeRoom, undefined)).toBe(true);
  });

  it('leaves DMs and groups to the operators', () => {
    for (const kind of ['dm', 'group'] as const) {
      expect(policy.canModerateRoom(owner, { kind, owner_id: 1 }, { role: 'owner' })).toBe(false);
      expect(policy.canModerateRoom(operator, { kind, owner_id: 1 }, undefined)).toBe(true);
    }
  });

  it('gives reports about users to the operators only', () => {
    expect(policy.canModerateReport(owner, undefined, undefined)).toBe(false);
    expect(policy.canModerateReport(operator, undefined, undefined)).toBe(true);
  });

  it('never removes the room’s owner, nor the moderator themself', () => {
    expect(policy.canRemoveFromRoom(operator, treeRoom, undefined, 1)).toBe(false);
    expect(policy.canRemoveFromRoom(owner, treeRoom, undefined, 1)).toBe(false);
    expect(policy.canRemoveFromRoom(operator, treeRoom, undefined, 3)).toBe(false);
    expect(policy.canRemoveFromRoom(owner, treeRoom, undefined, 2)).toBe(true);
    expect(policy.canRemoveFromRoom(member, treeRoom, { role: 'member' }, 4)).toBe(false);
  });
});
