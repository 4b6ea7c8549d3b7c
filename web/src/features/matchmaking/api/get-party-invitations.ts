import { useQuery } from '@tanstack/react-query';
import { partyInvitationsResponse, type PartyInvitationsResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { partyKeys } from './get-active-party';

/** Invitations live under the group keys, so switching tabs clears them with the rest. */
export const invitationKeys = {
  list: () => [...partyKeys.all, 'invitations'] as const,
};

/** GET /api/party/invitations: parties that listed the caller and wait for an answer. */
export function getPartyInvitations(): Promise<PartyInvitationsResponse> {
  return checked.get('/api/party/invitations', partyInvitationsResponse);
}

export function usePartyInvitations() {
  return useQuery({ queryKey: invitationKeys.list(), queryFn: getPartyInvitations, retry: false });
}
