import type { ChatMessage } from '@studium/protocol';

/** First-visit suggestions for the discovery bot: requests in a student's own words. */
export const EXAMPLE_PROMPTS = [
  "I can't get my head around eigenvectors",
  'Where do people talk about SQL and databases?',
  'I want to find people to go running with',
  'Tips for planning my exam revision',
] as const;

/** A quiet word for how well a room fits (the score runs from 0 to 1). */
export function fitLabel(score: number): string {
  if (score >= 0.66) return 'Strong fit';
  if (score >= 0.33) return 'Good fit';
  return 'Possible fit';
}

/** Filled dots of three for the fit indicator. */
export const fitDots = (score: number): number => (score >= 0.66 ? 3 : score >= 0.33 ? 2 : 1);

/** The user's own stored messages in the discovery room: each is a request that gets room cards. */
export const isQuestion = (message: ChatMessage, me: string | null): boolean =>
  me !== null && message.id > 0 && message.username === me && message.message.trim().length > 0;
