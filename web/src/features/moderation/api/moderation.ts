import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moderationAccessResponse,
  moderationActionResponse,
  moderationLogResponse,
  moderationQueueResponse,
  reportCreatedResponse,
  type CreateReportBody,
  type ModerationAccessResponse,
  type ModerationActionBody,
  type ModerationActionResponse,
  type ModerationLogResponse,
  type ModerationQueueResponse,
  type ReportCreatedResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const moderationKeys = {
  all: ['moderation'] as const,
  access: (username: string) => [...moderationKeys.all, 'access', username] as const,
  queue: () => [...moderationKeys.all, 'queue'] as const,
  log: () => [...moderationKeys.all, 'log'] as const,
};

/** POST /api/reports/: a message or a user, with a reason. */
export function createReport(body: CreateReportBody): Promise<ReportCreatedResponse> {
  return checked.post('/api/reports/', body, reportCreatedResponse);
}

/** GET /api/moderation/access/: whether the server lets this user moderate anything. */
export function getModerationAccess(): Promise<ModerationAccessResponse> {
  return checked.get('/api/moderation/access/', moderationAccessResponse);
}

/** GET /api/moderation/reports/: the open reports this user may handle. */
export function getModerationQueue(): Promise<ModerationQueueResponse> {
  return checked.get('/api/moderation/reports/', moderationQueueResponse);
}

/** GET /api/moderation/log/: what was done, newest first. */
export function getModerationLog(): Promise<ModerationLogResponse> {
  return checked.get('/api/moderation/log/', moderationLogResponse);
}

/** POST /api/moderation/reports/{id}/action/ */
export function actOnReport(id: number, body: ModerationActionBody): Promise<ModerationActionResponse> {
  return checked.post(`/api/moderation/reports/${id}/action/`, body, moderationActionResponse);
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}

/** Whether the Moderation entry shows: the server decides, the menu only asks. */
export function useModerationAccess(username: string) {
  return useQuery({
    queryKey: moderationKeys.access(username),
    queryFn: getModerationAccess,
    staleTime: 60_000,
    retry: false,
  });
}

export function useModerationQueue() {
  return useQuery({ queryKey: moderationKeys.queue(), queryFn: getModerationQueue, retry: false });
}

export function useModerationLog() {
  return useQuery({ queryKey: moderationKeys.log(), queryFn: getModerationLog, retry: false });
}

/** One action on a report; the queue and the log are read again afterwards. */
export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ModerationActionBody }) => actOnReport(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
