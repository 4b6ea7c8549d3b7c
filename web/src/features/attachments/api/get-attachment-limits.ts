import { useQuery } from '@tanstack/react-query';
import { attachmentLimitsResponse, type AttachmentLimitsResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const attachmentKeys = { limits: ['attachments', 'limits'] as const };

/** GET /api/attachments/limits/: the largest file, the quota and the bytes used. */
export function getAttachmentLimits(): Promise<AttachmentLimitsResponse> {
  return checked.get('/api/attachments/limits/', attachmentLimitsResponse);
}

/** The limits, fetched once per page and refreshed after each upload (the used bytes change). */
export function useAttachmentLimits(enabled = true) {
  return useQuery({
    queryKey: attachmentKeys.limits,
    queryFn: getAttachmentLimits,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
