import type { z } from 'zod';
import {
  csrfResponse,
  darkmodeBody,
  darkmodeResponse,
  errorResponse,
  loginBody,
  loginResponse,
  okResponse,
  registerBody,
  registerResponse,
  sessionResponse,
} from './auth';
import {
  deleteMessageResponse,
  editMessageBody,
  historyQuery,
  historyResponse,
  chatMessage,
  messageHistoryResponse,
  reactBody,
  reactResponse,
  sendMessageBody,
} from './chat';
import { pinnedMessage, pinsResponse, unpinResponse } from './pins';
import { attachmentLimitsResponse, uploadAttachmentResponse } from './attachments';
import { openApiDocument } from './docs';
import { searchQuery, searchResponse, similarQuery, similarResponse } from './search';
import { presenceSettings, presenceSocketFrame } from './presence';
import {
  addGroupMembersBody,
  conversationRoomResponse,
  conversationsResponse,
  createGroupBody,
  groupMembersResponse,
  openDmBody,
} from './dms';
import {
  markReadBody,
  markReadResponse,
  notificationListQuery,
  notificationListResponse,
  notificationServerFrame,
} from './notifications';
import {
  markRoomReadBody,
  markRoomReadResponse,
  notificationLevelBody,
  notificationLevelResponse,
} from './unread';
import {
  ownProfile,
  passwordChangeBody,
  profilePictureResponse,
  profileUpdateBody,
  publicProfile,
} from './profile';
import {
  acceptMatchResponse,
  deleteIntentBody,
  intentResponse,
  matchDecisionBody,
  recommendationsResponse,
  tutoringMatchesResponse,
  saveIntentBody,
} from './matchmaking';
import { courseSearchQuery, courseSearchResponse } from './matchmaking-courses';
import {
  acceptPartyBody,
  acceptPartyResponse,
  activePartyResponse,
  declinePartyBody,
  declinePartyResponse,
  deletePartyResponse,
  partyCandidatesResponse,
  partyPayload,
  saveGroupIntentBody,
} from './matchmaking-party';
import { partyInvitationResponse, partyInvitationsResponse } from './matchmaking-invitations';
import {
  assistantRoomResponse,
  botConsentBody,
  botConsentResponse,
  discoverQuery,
  discoverResponse,
  interviewConfirmBody,
  interviewConfirmResponse,
  interviewParseBody,
  interviewParseResponse,
  interviewState,
  onboardingCompleteResponse,
} from './assistants';
import { rankingsResponse } from './rankings';
import { sessionsResponse, sessionsRevokedResponse } from './sessions';
import { exportStartResponse, exportStatusResponse } from './export';
import { blocksResponse } from './blocks';
import {
  createReportBody,
  moderationAccessResponse,
  moderationActionBody,
  moderationActionResponse,
  moderationLogResponse,
  moderationQueueResponse,
  reportCreatedResponse,
  roomBannedResponse,
  roomBansResponse,
} from './moderation';
import {
  addRoomMembersBody,
  botAllowedBody,
  botAllowedResponse,
  renameRoomBody,
  renameRoomResponse,
  roomDetail,
  roomListQuery,
  roomListResponse,
  roomMembersResponse,
} from './rooms';
import { userSearchQuery, userSearchResponse } from './users';
import { clientFrame, roomSocketFrame } from './ws';

/** One HTTP endpoint of the API: what it takes and what it answers when it succeeds. */
export interface ApiRoute {
  feature: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** With `{param}` placeholders, as documented. */
  path: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body of a successful answer; null when it is not JSON (an image, a page). */
  response: z.ZodType | null;
  /** The media type of an answer that is not JSON (`image/*`, `text/html`). */
  contentType?: string;
  /** The success status, 200 unless said. */
  status?: number;
  /** Answers without a session; every other route answers 401 to a visitor. */
  public?: true;
  /** A 403 that may say more than `{error}` (a banned user's own ban). */
  forbidden?: z.ZodType;
}

/** One live connection: what the client may send and what the server sends. */
export interface ApiSocket {
  feature: string;
  path: string;
  summary: string;
  client: z.ZodType | null;
  server: z.ZodType;
}

/**
 * Every endpoint, by feature: the single list that docs/api.md is generated from and that the
 * server's tests check every answer against. Failures answer `errorResponse` with a 4xx/5xx status.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  {
    feature: 'auth',
    method: 'GET',
    path: '/api/csrf/',
    summary: 'The CSRF token (also set as the `csrftoken` cookie).',
    response: csrfResponse,
    public: true,
  },
  {
    feature: 'auth',
    method: 'GET',
    path: '/api/session/',
    summary: 'Who is logged in, and the product name.',
    response: sessionResponse,
    public: true,
  },
  {
    feature: 'auth',
    method: 'POST',
    path: '/api/register/',
    summary: 'Creates an account; the user then logs in.',
    body: registerBody,
    response: registerResponse,
    status: 201,
    public: true,
  },
  {
    feature: 'auth',
    method: 'POST',
    path: '/api/login/',
    summary: 'Starts a session (sets the session and CSRF cookies).',
    body: loginBody,
    response: loginResponse,
    public: true,
  },
  {
    feature: 'auth',
    method: 'POST',
    path: '/api/logout/',
    summary: 'Ends the session and closes its sockets.',
    response: okResponse,
    public: true,
  },
  {
    feature: 'sessions',
    method: 'GET',
    path: '/api/sessions/',
    summary: 'Your signed-in sessions: device, sign-in and last activity, the current one flagged.',
    response: sessionsResponse,
  },
  {
    feature: 'sessions',
    method: 'DELETE',
    path: '/api/sessions/{id}/',
    summary: 'Logs out one of your other sessions and closes its sockets on every server.',
    response: sessionsRevokedResponse,
  },
  {
    feature: 'sessions',
    method: 'POST',
    path: '/api/sessions/log-out-others/',
    summary: 'Logs out every session but the current one and closes their sockets.',
    response: sessionsRevokedResponse,
  },
  {
    feature: 'export',
    method: 'POST',
    path: '/api/export/',
    summary: 'Starts building a zip of all your data in the background; answers at once.',
    response: exportStartResponse,
    status: 202,
  },
  {
    feature: 'export',
    method: 'GET',
    path: '/api/export/',
    summary: 'Your current export: its status and progress (0–100), and its download link once ready.',
    response: exportStatusResponse,
  },
  {
    feature: 'export',
    method: 'GET',
    path: '/api/export/{id}/download/',
    summary: 'The zip of your export, as an attachment; only yours, for 24 hours (then 410).',
    response: null,
    contentType: 'application/zip',
  },
  {
    feature: 'blocks',
    method: 'GET',
    path: '/api/blocks/',
    summary: 'The users you blocked and the users you muted.',
    response: blocksResponse,
  },
  {
    feature: 'blocks',
    method: 'POST',
    path: '/api/users/{username}/block/',
    summary:
      'Blocks a user: no DMs or group invitations from them, their messages hidden, no matches (idempotent).',
    response: blocksResponse,
  },
  {
    feature: 'blocks',
    method: 'DELETE',
    path: '/api/users/{username}/block/',
    summary: 'Unblocks a user (idempotent).',
    response: blocksResponse,
  },
  {
    feature: 'blocks',
    method: 'POST',
    path: '/api/users/{username}/mute/',
    summary: 'Mutes a user: only hides their messages for you (idempotent).',
    response: blocksResponse,
  },
  {
    feature: 'blocks',
    method: 'DELETE',
    path: '/api/users/{username}/mute/',
    summary: 'Unmutes a user (idempotent).',
    response: blocksResponse,
  },
  {
    feature: 'moderation',
    method: 'POST',
    path: '/api/reports/',
    summary:
      'Reports a message (to its room’s owner) or a user (to the operators) with a reason; rate limited, one open report per target (409 for a second).',
    body: createReportBody,
    response: reportCreatedResponse,
    status: 201,
  },
  {
    feature: 'moderation',
    method: 'GET',
    path: '/api/moderation/access/',
    summary: 'Whether you moderate anything (an operator, or the owner of a room).',
    response: moderationAccessResponse,
  },
  {
    feature: 'moderation',
    method: 'GET',
    path: '/api/moderation/reports/',
    summary: 'The open reports you may moderate, oldest first, each message with a few around it.',
    response: moderationQueueResponse,
  },
  {
    feature: 'moderation',
    method: 'POST',
    path: '/api/moderation/reports/{id}/action/',
    summary:
      'Dismisses a report, deletes its message, or removes or bans its author from the room; logged, the reporters are notified.',
    body: moderationActionBody,
    response: moderationActionResponse,
  },
  {
    feature: 'moderation',
    method: 'GET',
    path: '/api/moderation/log/',
    summary: 'Who did what, newest first, in the rooms you moderate.',
    response: moderationLogResponse,
  },
  {
    feature: 'moderation',
    method: 'GET',
    path: '/api/moderation/bans/',
    summary: 'The bans in force in the rooms you moderate, newest first.',
    response: roomBansResponse,
  },
  {
    feature: 'moderation',
    method: 'DELETE',
    path: '/api/moderation/bans/{id}/',
    summary: 'Lifts a ban before it ends; logged.',
    response: moderationActionResponse,
  },

  {
    feature: 'rooms',
    method: 'GET',
    path: '/api/rooms/',
    summary:
      'Root tree rooms, or the children of one room; with `scope=tree`, every public room of the tree.',
    query: roomListQuery,
    response: roomListResponse,
  },
  {
    feature: 'rooms',
    method: 'GET',
    path: '/api/rooms/{room}/',
    summary:
      "A room's detail with the viewer's rights (`{room}`: id or path); to a user banned from it, a 403 with their `ban`.",
    response: roomDetail,
    forbidden: roomBannedResponse,
  },
  {
    feature: 'rooms',
    method: 'POST',
    path: '/api/rooms/{room}/rename/',
    summary: 'Renames the room (needs `can_rename`).',
    body: renameRoomBody,
    response: renameRoomResponse,
  },
  {
    feature: 'rooms',
    method: 'POST',
    path: '/api/rooms/{room}/bot-allowed/',
    summary: 'Allows or forbids bots (needs `can_set_bot_allowed`).',
    body: botAllowedBody,
    response: botAllowedResponse,
  },
  {
    feature: 'rooms',
    method: 'POST',
    path: '/api/rooms/{room}/join/',
    summary: 'Joins a publicly readable tree room (idempotent); answers the new detail.',
    response: roomDetail,
  },
  {
    feature: 'rooms',
    method: 'POST',
    path: '/api/rooms/{room}/members/',
    summary:
      "Adds people to a members-only tree room (its owner or an operator; 'can_add_members'); refuses anyone banned from it.",
    body: addRoomMembersBody,
    response: roomMembersResponse,
  },

  {
    feature: 'chat',
    method: 'GET',
    path: '/api/rooms/{room}/messages/',
    summary:
      'A page of history, oldest first: the latest, or `before`/`after`/`around` a message id (`has_more`, `has_more_after`).',
    query: historyQuery,
    response: historyResponse,
  },
  {
    feature: 'chat',
    method: 'POST',
    path: '/api/rooms/{room}/messages/',
    summary: 'Sends a message (201; 200 with the stored message for a repeated `client_id`).',
    body: sendMessageBody,
    response: chatMessage,
    status: 201,
  },
  {
    feature: 'chat',
    method: 'PATCH',
    path: '/api/messages/{id}/',
    summary: "Edits one's own message (409 when it was deleted, or when another edit of it came first).",
    body: editMessageBody,
    response: chatMessage,
  },
  {
    feature: 'chat',
    method: 'DELETE',
    path: '/api/messages/{id}/',
    summary:
      'Deletes a message (its author, or the owner of a tree room); answers its tombstone. Idempotent.',
    response: deleteMessageResponse,
  },
  {
    feature: 'chat',
    method: 'GET',
    path: '/api/messages/{id}/history/',
    summary: "A message's versions, the current text first and the original last.",
    response: messageHistoryResponse,
  },
  {
    feature: 'chat',
    method: 'POST',
    path: '/api/messages/{id}/react/',
    summary: 'Toggles a reaction (409 on a deleted message).',
    body: reactBody,
    response: reactResponse,
  },
  {
    feature: 'chat',
    method: 'GET',
    path: '/api/rooms/{room}/pins/',
    summary: "The room's pinned messages, newest first (readers of the room; 403 to others, as the history).",
    response: pinsResponse,
  },
  {
    feature: 'chat',
    method: 'POST',
    path: '/api/messages/{id}/pin/',
    summary:
      'Pins a message (needs `can_pin`; 201, or 200 when already pinned; 409 for a deleted message or a room at its limit).',
    response: pinnedMessage,
    status: 201,
  },
  {
    feature: 'chat',
    method: 'DELETE',
    path: '/api/messages/{id}/pin/',
    summary: 'Unpins a message (needs `can_pin`; idempotent).',
    response: unpinResponse,
  },
  {
    feature: 'attachments',
    method: 'POST',
    path: '/api/rooms/{room}/attachments/',
    summary:
      'Uploads one file (multipart field `file`) to a room one may write in; unsent until a message names its id (201; 413 over the size or quota).',
    response: uploadAttachmentResponse,
    status: 201,
  },
  {
    feature: 'attachments',
    method: 'GET',
    path: '/api/attachments/limits/',
    summary: 'The largest file and the per-user quota, with the bytes the user has stored.',
    response: attachmentLimitsResponse,
  },
  {
    feature: 'attachments',
    method: 'GET',
    path: '/api/attachments/{id}/',
    summary:
      "An attachment's bytes: an image inline, a file as a download. 404 to anyone who may not read its room, visitors included.",
    response: null,
    contentType: '*/*',
    public: true,
  },
  {
    feature: 'attachments',
    method: 'GET',
    path: '/api/attachments/{id}/thumbnail/',
    summary: "An image attachment's thumbnail (WebP, ≤ 320 px), with the same access as the attachment.",
    response: null,
    contentType: 'image/webp',
    public: true,
  },

  {
    feature: 'search',
    method: 'GET',
    path: '/api/search/',
    summary:
      'Messages the user may read matching words, "phrases" and from:/in:/before:/after: filters; best first.',
    query: searchQuery,
    response: searchResponse,
  },
  {
    feature: 'search',
    method: 'GET',
    path: '/api/rooms/{room}/similar/',
    summary:
      "Up to three earlier messages of a course room like the draft question `q` ('Already answered?').",
    query: similarQuery,
    response: similarResponse,
  },

  {
    feature: 'users',
    method: 'GET',
    path: '/api/users/search/',
    summary: 'Usernames starting with `q`.',
    query: userSearchQuery,
    response: userSearchResponse,
  },
  {
    feature: 'rankings',
    method: 'GET',
    path: '/api/rankings/',
    summary: 'Top users by reactions received (`?period=today` for today, UTC).',
    response: rankingsResponse,
  },

  {
    feature: 'profile',
    method: 'GET',
    path: '/api/profile/',
    summary: 'Your own profile, every field.',
    response: ownProfile,
  },
  {
    feature: 'profile',
    method: 'POST',
    path: '/api/profile/',
    summary:
      'JSON: saves profile fields, answers the profile. Multipart: `profile_picture` or `delete_picture=true`, answers the picture URL.',
    body: profileUpdateBody,
    response: ownProfile.or(profilePictureResponse),
  },
  {
    feature: 'profile',
    method: 'GET',
    path: '/api/profile/settings/darkmode/',
    summary: 'The dark mode choice.',
    response: darkmodeResponse,
  },
  {
    feature: 'profile',
    method: 'POST',
    path: '/api/profile/settings/darkmode/',
    summary: 'Saves the dark mode choice.',
    body: darkmodeBody,
    response: darkmodeResponse,
  },
  {
    feature: 'presence',
    method: 'GET',
    path: '/api/profile/settings/presence/',
    summary: 'Whether others see you online and typing.',
    response: presenceSettings,
  },
  {
    feature: 'presence',
    method: 'POST',
    path: '/api/profile/settings/presence/',
    summary: 'Saves whether others see you online and typing; watchers learn the change at once.',
    body: presenceSettings,
    response: presenceSettings,
  },
  {
    feature: 'profile',
    method: 'GET',
    path: '/api/users/{username}/profile/',
    summary: "A user's profile as the viewer may see it.",
    response: publicProfile,
  },
  {
    feature: 'profile',
    method: 'GET',
    path: '/api/users/{username}/picture/',
    summary: "A user's picture (an image; 404 when private or absent).",
    response: null,
    contentType: 'image/*',
  },
  {
    feature: 'profile',
    method: 'POST',
    path: '/api/password/',
    summary: 'Changes the password; other sessions end.',
    body: passwordChangeBody,
    response: okResponse,
  },
  {
    feature: 'profile',
    method: 'POST',
    path: '/api/profile/delete/{username}/',
    summary: 'Deletes your account; its messages stay as the deleted user.',
    response: okResponse,
  },

  {
    feature: 'dms',
    method: 'GET',
    path: '/api/dms/',
    summary: 'Your conversations, newest first.',
    response: conversationsResponse,
  },
  {
    feature: 'dms',
    method: 'POST',
    path: '/api/dms/',
    summary: 'Opens (or returns) the direct conversation with a user.',
    body: openDmBody,
    response: conversationRoomResponse,
  },
  {
    feature: 'dms',
    method: 'POST',
    path: '/api/dms/groups/',
    summary: 'Creates a group conversation with you as owner.',
    body: createGroupBody,
    response: conversationRoomResponse,
    status: 201,
  },
  {
    feature: 'dms',
    method: 'POST',
    path: '/api/dms/groups/{room}/members/',
    summary: "Adds people to a group conversation (its owner; 'can_add_members').",
    body: addGroupMembersBody,
    response: groupMembersResponse,
  },
  {
    feature: 'dms',
    method: 'POST',
    path: '/api/dms/groups/{room}/leave/',
    summary: "Leaves a group conversation ('can_leave').",
    response: conversationRoomResponse,
  },

  {
    feature: 'notifications',
    method: 'GET',
    path: '/api/notifications/',
    summary: 'Your notifications, newest first.',
    query: notificationListQuery,
    response: notificationListResponse,
  },
  {
    feature: 'notifications',
    method: 'POST',
    path: '/api/notifications/mark_read/',
    summary: 'Marks one room, one notification, or everything, read.',
    body: markReadBody,
    response: markReadResponse,
  },
  {
    feature: 'unread',
    method: 'POST',
    path: '/api/rooms/{room}/read/',
    summary: "Moves the member's read marker forward (never back); answers the marker and the counts left.",
    body: markRoomReadBody,
    response: markRoomReadResponse,
  },
  {
    feature: 'unread',
    method: 'POST',
    path: '/api/rooms/{room}/notification-level/',
    summary: "Sets the member's notification level in the room: all, mentions or mute.",
    body: notificationLevelBody,
    response: notificationLevelResponse,
  },
  {
    feature: 'matchmaking',
    method: 'GET',
    path: '/api/courses/',
    summary: 'Courses whose code, name or part of a name is `q`, closest first; every course without `q`.',
    query: courseSearchQuery,
    response: courseSearchResponse,
  },
  {
    feature: 'matchmaking',
    method: 'GET',
    path: '/api/intent/group',
    summary: 'Your current study party (the same answer as `GET /api/party/active`).',
    response: activePartyResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/intent/group',
    summary:
      'Creates or replaces your party (`{mode, party}`), or pauses or resumes it (`{mode}`); 409 to create beside an open one or to resume none paused.',
    body: saveGroupIntentBody,
    response: activePartyResponse,
  },
  {
    feature: 'matchmaking',
    method: 'GET',
    path: '/api/intent/{role}',
    summary: 'Your open or paused intent of that role (`tutor` or `tutoree`), or null.',
    response: intentResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/intent/{role}',
    summary:
      'Creates, replaces, pauses or resumes your intent; 409 to create beside an open one or to resume none paused.',
    body: saveIntentBody,
    response: intentResponse,
  },
  {
    feature: 'matchmaking',
    method: 'GET',
    path: '/api/intent/{role}/recs',
    summary: 'Open intents of the other role for the same course, best first (at most 20).',
    response: recommendationsResponse,
  },
  {
    feature: 'matchmaking',
    method: 'GET',
    path: '/api/intent/{role}/matches',
    summary:
      'Your tutoring matches of that role with their DM rooms, newest first, and your places left as a tutor.',
    response: tutoringMatchesResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/intent/{role}/accept',
    summary: 'Accepts a candidate: opens the direct room with them and notifies them.',
    body: matchDecisionBody,
    response: acceptMatchResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/intent/{role}/decline',
    summary: 'Declines a candidate, who is no longer recommended to you.',
    body: matchDecisionBody,
    response: okResponse,
  },
  {
    feature: 'matchmaking',
    method: 'DELETE',
    path: '/api/intent/{role}/delete',
    summary: 'Archives your own intent.',
    body: deleteIntentBody,
    response: okResponse,
  },
  {
    feature: 'matchmaking',
    method: 'GET',
    path: '/api/party/active',
    summary: 'Your current study party (open, paused or matched), or null.',
    response: activePartyResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/party/active',
    summary: 'Creates your party, or replaces your open or paused one in place.',
    body: partyPayload,
    response: activePartyResponse,
  },
  {
    feature: 'matchmaking',
    method: 'GET',
    path: '/api/party/{id}/candidates',
    summary: 'Recommended parties, the offers you accepted, and your matches.',
    response: partyCandidatesResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/party/{id}/accept',
    summary:
      'Accepts another party; when both have accepted, one group room is made for everyone (`room_id`); 409 once matched.',
    body: acceptPartyBody,
    response: acceptPartyResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/party/{id}/decline',
    summary: 'Declines another party, or cancels your own acceptance.',
    body: declinePartyBody,
    response: declinePartyResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/party/{id}/delete',
    summary: 'Archives your party.',
    response: deletePartyResponse,
  },
  {
    feature: 'matchmaking',
    method: 'GET',
    path: '/api/party/invitations',
    summary: 'Parties that listed you as a teammate and wait for your answer, newest first.',
    response: partyInvitationsResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/party/{id}/invitation/accept',
    summary: 'Confirms you are in that party: you count in it and join its match room.',
    response: partyInvitationResponse,
  },
  {
    feature: 'matchmaking',
    method: 'POST',
    path: '/api/party/{id}/invitation/decline',
    summary: 'Declines that party; its owner cannot list you again.',
    response: partyInvitationResponse,
  },
  {
    feature: 'assistants',
    method: 'POST',
    path: '/api/assistants/interview/parse/',
    summary: 'Reads one interview answer into the interview slots; nothing is stored.',
    body: interviewParseBody,
    response: interviewParseResponse,
  },
  {
    feature: 'assistants',
    method: 'GET',
    path: '/api/assistants/interview/',
    summary: 'The interview so far: what was understood, what is still asked, whether it can be confirmed.',
    response: interviewState,
  },
  {
    feature: 'assistants',
    method: 'POST',
    path: '/api/assistants/interview/confirm/',
    summary:
      'Saves the confirmed card: profile fields, then a tutor or tutoree intent, or a paused study party.',
    body: interviewConfirmBody,
    response: interviewConfirmResponse,
  },
  {
    feature: 'assistants',
    method: 'GET',
    path: '/api/assistants/discover/',
    summary: 'Rooms you may read that fit a request in your own words, best first.',
    query: discoverQuery,
    response: discoverResponse,
  },
  {
    feature: 'assistants',
    method: 'GET',
    path: '/api/assistants/{kind}/room/',
    summary: 'Your private room with the assistant (`interview` or `discovery`), made on first use.',
    response: assistantRoomResponse,
  },
  {
    feature: 'assistants',
    method: 'GET',
    path: '/api/assistants/consent/',
    summary: 'Whether bots may read your messages.',
    response: botConsentResponse,
  },
  {
    feature: 'assistants',
    method: 'POST',
    path: '/api/assistants/consent/',
    summary: 'Lets bots read your messages, or stops them.',
    body: botConsentBody,
    response: botConsentResponse,
  },
  {
    feature: 'assistants',
    method: 'POST',
    path: '/api/onboarding/complete/',
    summary: 'Records that the onboarding tour was finished (the session reports it).',
    response: onboardingCompleteResponse,
  },

  {
    feature: 'docs',
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document, generated from the route table.',
    response: openApiDocument,
    public: true,
  },
  {
    feature: 'docs',
    method: 'GET',
    path: '/api/docs',
    summary: 'A page to browse that document.',
    response: null,
    contentType: 'text/html',
    public: true,
  },
];

export const API_SOCKETS: readonly ApiSocket[] = [
  {
    feature: 'chat',
    path: '/ws/room/{room}/',
    summary: "A room's live connection.",
    client: clientFrame,
    server: roomSocketFrame,
  },
  {
    feature: 'notifications',
    path: '/ws/notifications/',
    summary:
      "The user's notifications, and the live unread counts of the rooms they belong to (`read_state`, at most one per room a second, with the room's activity), the rooms they join, leave or see renamed (`room_changed`), and their own blocked and muted users after a change on any tab (`blocks_changed`); clients send nothing.",
    client: null,
    server: notificationServerFrame,
  },
  {
    feature: 'presence',
    path: '/ws/presence/',
    summary:
      'Whether the users of `?users=a,b` (at most 100) are online, then each change, and when what others see of their profile changes; open only while a screen shows them.',
    client: null,
    server: presenceSocketFrame,
  },
];

/** The error body of every failed call. */
export const API_ERROR = errorResponse;

/** The route of `method` and a concrete path (`/api/rooms/12/rename/`), if the API has one. */
export function findApiRoute(method: string, path: string): ApiRoute | undefined {
  const bare = path.split('?')[0]!;
  return API_ROUTES.find((r) => r.method === method && pathPattern(r.path).test(bare));
}

const patterns = new Map<string, RegExp>();
function pathPattern(path: string): RegExp {
  let re = patterns.get(path);
  if (!re) {
    // Paths hold only letters, '-', '_' and '/' besides their `{param}` placeholders.
    re = new RegExp(`^${path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`);
    patterns.set(path, re);
  }
  return re;
}
