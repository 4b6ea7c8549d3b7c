import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  conversationRoomResponse,
  groupMembersResponse,
  type ConversationRoomResponse,
  type GroupMembersResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { dmKeys, roomKeys } from '../../../lib/query-keys';

/** POST /api/dms/groups/{room}/members/ {usernames}: the group's owner adds people. */
export function addGroupMembers(room: number, usernames: string[]): Promise<GroupMembersResponse> {
  return checked.post(`/api/dms/groups/${room}/members/`, { usernames }, groupMembersResponse);
}

/** POST /api/dms/groups/{room}/leave/: the caller leaves the group. */
export function leaveGroup(room: number): Promise<ConversationRoomResponse> {
  return checked.post(`/api/dms/groups/${room}/leave/`, {}, conversationRoomResponse);
}

export function useAddGroupMembers(room: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (usernames: string[]) => addGroupMembers(room, usernames),
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
