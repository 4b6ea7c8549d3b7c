import type { DarkmodeResponse } from '@studium/protocol';
import { api } from '../../../lib/api-client';

/** POST /api/profile/settings/darkmode/ */
export function setDarkmode(enabled: boolean): Promise<DarkmodeResponse> {
  return api.post<DarkmodeResponse>('/api/profile/settings/darkmode/', { darkmode_enabled: enabled });
}
