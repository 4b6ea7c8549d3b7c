import type { DarkmodeResponse } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { fromNullableDbBool, toDbBool } from '../../db/dialect';
import * as repo from './profile.repository';

/** The stored dark-mode preference: true, false, or null when never chosen. */
export async function getDarkmode(ctx: AppContext, user: CurrentUser): Promise<DarkmodeResponse> {
  return { darkmode_enabled: fromNullableDbBool(await repo.findDarkmode(ctx.db, user.id)) };
}

export async function setDarkmode(ctx: AppContext, user: CurrentUser, enabled: boolean): Promise<DarkmodeResponse> {
  await repo.updateDarkmode(ctx.db, user.id, toDbBool(enabled));
  return { darkmode_enabled: enabled };
}
