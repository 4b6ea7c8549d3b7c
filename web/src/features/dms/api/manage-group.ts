import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  conversationRoomResponse,
  groupMembersResponse,
  roomMembersResponse,
  type ConversationRoomResponse,
  type GroupMembersResponse,
  type RoomMembersResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { dmKeys, roomKeys } from '../../../lib/query-keys';

/** POST /api/dms/groups/{room}/members/ {usernames}: the group's owner adds people. */
export function addGroupMembers(room: number, usernames: string[]): Promise<GroupMembersResponse> {
  return checked.post(`/api/dms/groups/${room}/members/`, { usernames }, groupMembersResponse);
}

/**
 * POST /api/rooms/{room}/members/ {usernames}: the owner of a members-only room, or an operator,
 * adds people (docs/rooms.md, "Members"); served beside the group's route.
 */
export function addRoomMembers(room: number, usernames: string[]): Promise<RoomMembersResponse> {
  return checked.post(`/api/rooms/${room}/members/`, { usernames }, roomMembersResponse);
}

/** POST /api/dms/groups/{room}/leave/: the caller leaves the group. */
export function leaveGroup(room: number): Promise<ConversationRoomResponse> {
  return checked.post(`/api/dms/groups/${room}/leave/`, {}, conversationRoomResponse);
}

/** Adding people to a group, or to a members-only room; the room's detail is read again. */
export function useAddMembers(room: number, group: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (usernames: string[]) =>
      group ? addGroupMembers(room, usernames) : addRoomMembers(room, usernames),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: roomKeys.detail(room) });
      await queryClient.invalidateQueries({ queryKey: dmKeys.all });
    },
  });
}

/**
 * Leaving; `done` and `failed` run even once the group's screen is gone (the screen is left
 * first: the server closes the group's live connections when the user leaves).
 */
export function useLeaveGroup(room: number, on: { done: () => void; failed: (err: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveGroup(room),
    // The group is no longer the user's: its detail goes, and the list is read again.
    onSuccess: async () => {
      on.done();
      queryClient.removeQueries({ queryKey: roomKeys.detail(room) });
      await queryClient.invalidateQueries({ queryKey: dmKeys.all });
    },
    onError: on.failed,
  });
}
