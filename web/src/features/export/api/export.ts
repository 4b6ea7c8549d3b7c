import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  exportStartResponse,
  exportStatusResponse,
  type ExportStartResponse,
  type ExportStatusResponse,
} from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const exportKeys = { current: ['export', 'current'] as const };

/** How often the status is read again while the export is being built, in ms. */
const PROGRESS_POLL_MS = 500;

/** GET /api/export/: the user's current export and its progress. */
export function getExport(): Promise<ExportStatusResponse> {
  return checked.get('/api/export/', exportStatusResponse);
}

/** POST /api/export/: starts building a new export. */
export function startExport(): Promise<ExportStartResponse> {
  return checked.post('/api/export/', {}, exportStartResponse);
}

/** The current export; read again every half second while it is being built. */
export function useExport() {
  return useQuery({
    queryKey: exportKeys.current,
    queryFn: getExport,
    retry: false,
    refetchInterval: (query) => (query.state.data?.export?.status === 'building' ? PROGRESS_POLL_MS : false),
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: (data) => queryClient.setQueryData<ExportStatusResponse>(exportKeys.current, data),
  });
}
