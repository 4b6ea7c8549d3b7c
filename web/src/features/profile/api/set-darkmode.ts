import { darkmodeResponse, type DarkmodeResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** POST /api/profile/settings/darkmode/ */
export function setDarkmode(enabled: boolean): Promise<DarkmodeResponse> {
  return checked.post('/api/profile/settings/darkmode/', { darkmode_enabled: enabled }, darkmodeResponse);
}
