import { darkmodeResponse, type DarkmodeResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';

/** GET /api/profile/settings/darkmode/ */
export function getDarkmode(): Promise<DarkmodeResponse> {
  return checked.get('/api/profile/settings/darkmode/', darkmodeResponse);
}
