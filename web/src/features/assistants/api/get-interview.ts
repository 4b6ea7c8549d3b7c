import { useQuery } from '@tanstack/react-query';
import { interviewState, type InterviewState } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { assistantKeys } from './assistant-keys';

/** GET /api/assistants/interview/: what the interview understood so far. */
export function getInterview(): Promise<InterviewState> {
  return checked.get('/api/assistants/interview/', interviewState);
}

export function useInterview(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: assistantKeys.interview(),
    queryFn: getInterview,
    retry: false,
    enabled: options.enabled ?? true,
  });
}
