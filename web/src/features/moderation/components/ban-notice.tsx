import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { MODERATION_TEXTS as t, type RoomBanNotice } from '@studium/protocol';
import { paths } from '../../../config/paths';

/**
 * What a banned user sees instead of the room (docs/moderation.md): which room, the moderator's
 * reason when one was given, and when the ban ends or that it does not.
 */
export function BanNotice({ ban }: { ban: RoomBanNotice }) {
  return (
    <section
      aria-labelledby="ban-notice-title"
      data-testid="ban-notice"
      className="mx-auto my-12 flex max-w-lg flex-col items-center gap-3 rounded-xl border border-border bg-surface px-6 py-10 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger-text">
        <Ban aria-hidden="true" className="size-6" />
      </span>
      <h1 id="ban-notice-title" className="text-lg font-semibold text-fg">
        {t.bannedTitle}
      </h1>
      <p className="text-sm text-fg">{t.bannedFrom(ban.room.name)}</p>
      {ban.reason ? (
        <p className="text-sm text-fg">
          <span className="font-medium">{t.bannedReason}:</span> {ban.reason}
        </p>
      ) : null}
      <p className="text-sm text-muted-fg">
        {ban.ends_at ? (
          <time dateTime={ban.ends_at}>{t.bannedEnds(new Date(ban.ends_at).toLocaleString())}</time>
        ) : (
          t.bannedForever
        )}
      </p>
      <Link to={paths.home.href()} className="mt-2 text-sm font-medium text-accent-text hover:underline">
        {t.backHome}
      </Link>
    </section>
  );
}
