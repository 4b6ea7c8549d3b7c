import { useMutation } from '@tanstack/react-query';
import { reportCreatedResponse, type CreateReportBody, type ReportCreatedResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** POST /api/reports/: a message or a user, with a reason. */
export function createReport(body: CreateReportBody): Promise<ReportCreatedResponse> {
  return checked.post('/api/reports/', body, reportCreatedResponse);
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
