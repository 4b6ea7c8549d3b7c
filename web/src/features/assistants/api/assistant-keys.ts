import type { AssistantKind } from '@studium/protocol';

/** react-query keys of the assistants feature. */
export const assistantKeys = {
  all: ['assistants'] as const,
  room: (kind: AssistantKind) => [...assistantKeys.all, 'room', kind] as const,
  interview: () => [...assistantKeys.all, 'interview'] as const,
  discover: (q: string) => [...assistantKeys.all, 'discover', q] as const,
  consent: () => [...assistantKeys.all, 'consent'] as const,
};
