import type { FastifyInstance } from 'fastify';
import {
  ASSISTANT_KINDS,
  assistantKind,
  botConsentBody,
  discoverQuery,
  interviewConfirmBody,
  interviewParseBody,
  type AssistantKind,
} from '@studium/protocol';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../plugins/session';
import {
  completeOnboarding,
  confirmInterview,
  getAssistantRoom,
  getConsent,
  getInterviewState,
  parseInterviewAnswer,
  setConsent,
} from './assistants.service';
import { discoverRooms } from './discovery.service';
import type { AiProvider } from './providers/provider';

/** The assistant in the URL, or 404. */
function kindParam(params: unknown): AssistantKind {
  const parsed = assistantKind.safeParse((params as { kind: string }).kind);
  if (!parsed.success) throw new NotFound(`Unknown assistant: use ${ASSISTANT_KINDS.join(' or ')}.`);
  return parsed.data;
}

/** The assistants' pages and settings, and the onboarding tour's end (docs/assistants.md). */
export function assistantsRoutes(app: FastifyInstance, ctx: AppContext, provider: AiProvider) {
  app.post('/api/assistants/interview/parse/', async (req) => {
    const user = requireUser(req);
    return parseInterviewAnswer(ctx, user, parseInput(interviewParseBody, req.body).text, provider);
  });
  app.get('/api/assistants/interview/', async (req) => getInterviewState(ctx, requireUser(req), provider));
  app.post('/api/assistants/interview/confirm/', async (req) => {
    const user = requireUser(req);
    return confirmInterview(ctx, user, parseInput(interviewConfirmBody, req.body));
  });
  app.get('/api/assistants/discover/', async (req) => {
    const user = requireUser(req);
    return discoverRooms(ctx, user, parseInput(discoverQuery, req.query).q);
  });
  app.get('/api/assistants/consent/', async (req) => getConsent(ctx, requireUser(req)));
  app.post('/api/assistants/consent/', async (req) => {
    const user = requireUser(req);
    return setConsent(ctx, user, parseInput(botConsentBody, req.body).bots_may_read);
  });
  app.get('/api/assistants/:kind/room/', async (req) => {
    const user = requireUser(req);
    return getAssistantRoom(ctx, user, kindParam(req.params), provider);
  });
  app.post('/api/onboarding/complete/', async (req) => completeOnboarding(ctx, requireUser(req)));
}
