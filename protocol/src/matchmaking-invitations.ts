import { z } from 'zod';
import { topicLabel } from './matchmaking-catalogue';

/**
 * Party invitations: a registered teammate an owner lists in a study party is invited, and counts
 * (joins the match room, is named in it, adds to the party's size) only once they accept. The rules
 * are written out in docs/matchmaking.md.
 */

export const INVITATION_STATUSES = ['pending', 'confirmed', 'declined'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Texts of party invitations (ours: the product has none). */
export const INVITATION_TEXTS = {
  /** The invitee's notification, and the line of the invitation in the Group tab. */
  invited: (owner: string, topicKey: string) =>
    `${owner} added you to their study party for ${topicLabel(topicKey)}`,
  heading: 'Party invitations',
  /** How the owner's party card marks a listed teammate who has not confirmed. */
  standing: { pending: 'Invited', declined: 'Declined' },
  hint: 'You count as a member, and join the group room of a match, only once you accept.',
  accept: 'Accept',
  decline: 'Decline',
  accepted: 'You joined the party',
  declinedToast: 'Invitation declined',
  loadFailed: 'Failed to load invitations',
  acceptFailed: 'Accept failed',
  declineFailed: 'Decline failed',
  invitationNotFound: 'Invitation not found.',
  tooManyInvitations: (seconds: number) =>
    `You have invited people to parties too often. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  tooManyGroups: (seconds: number) =>
    `You have started too many group conversations lately. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
} as const;

const id = z.number().int().positive();

/** A listed teammate's place in a party, as its owner sees it. */
export const partyTeammate = z.object({ username: z.string(), status: z.enum(INVITATION_STATUSES) });
export type PartyTeammate = z.infer<typeof partyTeammate>;

/** An invitation to someone else's party, as the invitee sees it; `can_*` are the server's decision. */
export const partyInvitation = z.object({
  party_id: id,
  owner_username: z.string(),
  topic_key: z.string(),
  status: z.enum(INVITATION_STATUSES),
  invited_at: z.string().nullable(),
  can_accept: z.boolean(),
  can_decline: z.boolean(),
});
export type PartyInvitation = z.infer<typeof partyInvitation>;

/** `GET /api/party/invitations`: the caller's invitations awaiting an answer, newest first. */
export const partyInvitationsResponse = z.object({ invitations: z.array(partyInvitation) });
export type PartyInvitationsResponse = z.infer<typeof partyInvitationsResponse>;

/** `POST /api/party/{id}/invitation/accept|decline`: the invitation as it now stands. */
export const partyInvitationResponse = z.object({ invitation: partyInvitation });
export type PartyInvitationResponse = z.infer<typeof partyInvitationResponse>;
