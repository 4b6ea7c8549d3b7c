import type { FastifyInstance } from 'fastify';
import {
  acceptPartyBody,
  declinePartyBody,
  INVITATION_TEXTS,
  PARTY_TEXTS,
  partyPayload,
  saveGroupIntentBody,
} from '@studium/protocol';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import {
  acceptParty,
  declineParty,
  deleteParty,
  getActiveParty,
  listPartyCandidates,
  saveActiveParty,
  saveGroupIntent,
} from './party.service';
import { answerInvitation, listInvitations } from './party-invitations.service';

/** The party id in the URL, or 404 (like a party that is not the caller's). */
function partyParam(params: unknown): number {
  const id = Number((params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound(PARTY_TEXTS.partyNotFound);
  return id;
}

/** The party id of an invitation's URL, or 404 (like an invitation the caller does not have). */
function invitationParam(params: unknown): number {
  const id = Number((params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound(INVITATION_TEXTS.invitationNotFound);
  return id;
}

/** Group matchmaking: study parties and their offers (docs/matchmaking.md). */
export function partyRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/party/active', async (req) => getActiveParty(ctx, requireUser(req)));
  app.post('/api/party/active', async (req) => {
    const user = requireUser(req);
    return saveActiveParty(ctx, user, parseInput(partyPayload, req.body));
  });
  app.get('/api/party/:id/candidates', async (req) => {
    const user = requireUser(req);
    return listPartyCandidates(ctx, user, partyParam(req.params));
  });
  app.post('/api/party/:id/accept', async (req) => {
    const user = requireUser(req);
    return acceptParty(ctx, user, partyParam(req.params), parseInput(acceptPartyBody, req.body));
  });
  app.post('/api/party/:id/decline', async (req) => {
    const user = requireUser(req);
    return declineParty(ctx, user, partyParam(req.params), parseInput(declinePartyBody, req.body));
  });
  app.post('/api/party/:id/delete', async (req) => {
    const user = requireUser(req);
    return deleteParty(ctx, user, partyParam(req.params));
  });
  // Invitations: a listed teammate confirms or declines before counting in the party.
  app.get('/api/party/invitations', async (req) => listInvitations(ctx, requireUser(req)));
  app.post('/api/party/:id/invitation/accept', async (req) => {
    const user = requireUser(req);
    return answerInvitation(ctx, user, invitationParam(req.params), 'accept');
  });
  app.post('/api/party/:id/invitation/decline', async (req) => {
    const user = requireUser(req);
    return answerInvitation(ctx, user, invitationParam(req.params), 'decline');
  });
  // The intent form of the same calls; more specific than tutoring's /api/intent/:role, so it wins.
  app.get('/api/intent/group', async (req) => getActiveParty(ctx, requireUser(req)));
  app.post('/api/intent/group', async (req) => {
    const user = requireUser(req);
    return saveGroupIntent(ctx, user, parseInput(saveGroupIntentBody, req.body));
  });
}
