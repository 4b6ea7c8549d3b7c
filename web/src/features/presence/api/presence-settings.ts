import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { presenceSettings, type PresenceSettings } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

export const presenceKeys = {
  all: ['presence'] as const,
  settings: () => [...presenceKeys.all, 'settings'] as const,
};

/** GET /api/profile/settings/presence/ */
export function getPresenceSettings(): Promise<PresenceSettings> {
  return checked.get('/api/profile/settings/presence/', presenceSettings);
}

/** POST /api/profile/settings/presence/ */
export function setPresenceSettings(show: boolean): Promise<PresenceSettings> {
  return checked.post('/api/profile/settings/presence/', { show_presence: show }, presenceSettings);
}

export function usePresenceSettings(enabled = true) {
  return useQuery({ queryKey: presenceKeys.settings(), queryFn: getPresenceSettings, retry: false, enabled });
}

export function useSetPresenceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPresenceSettings,
    onSuccess: (answer) => queryClient.setQueryData(presenceKeys.settings(), answer),
  });
}
