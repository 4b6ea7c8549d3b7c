import type { DarkmodeResponse } from '@studium/protocol';
import { api } from '../../../lib/api-client';

/** GET /api/profile/settings/darkmode/ */
export function getDarkmode(): Promise<DarkmodeResponse> {
  return api.get<DarkmodeResponse>('/api/profile/settings/darkmode/');
}
