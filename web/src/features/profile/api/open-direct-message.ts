import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/dms/ {username}: opens (or finds) the DM room with that user (DESIGN §5). */
export function openDirectMessage(username: string): Promise<{ room: number | string }> {
  return api.post<{ room: number | string }>('/api/dms/', { username });
}

export function useOpenDirectMessage() {
  return useMutation({ mutationFn: openDirectMessage });
}
