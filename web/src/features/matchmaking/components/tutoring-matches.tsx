import { Link } from 'react-router';
import { MATCHMAKING_TEXTS, type TutoringRole } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { formatMessageTimestamp } from '../../../lib/time';
import { useMatches } from '../api/get-matches';

const t = MATCHMAKING_TEXTS;

/** 'Your matches' of a role: each partner, the course and a link to the DM (docs/matchmaking.md). */
export function TutoringMatches({ role }: { role: TutoringRole }) {
  const query = useMatches(role);
  if (!query.data) return null;
  const { matches, capacity } = query.data;
  return (
    <Card aria-labelledby={`your-matches-${role}`} role="region">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={`your-matches-${role}`}>{t.yourMatches}</CardTitle>
          {capacity ? (
            <Badge tone="accent" data-testid="places-left">
              {t.placesLeft(capacity.remaining, capacity.total)}
            </Badge>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {matches.length === 0 ? (
          <p className="text-sm text-muted-fg">{t.noMatchesYet}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {matches.map((m) => (
              <li
                key={`${m.room}-${m.course_code}`}
                data-testid="tutoring-match"
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <div className="min-w-0">
                  <Link
                    to={paths.userProfile.href(m.username)}
                    className="font-semibold text-fg hover:underline"
                  >
                    {m.username}
                  </Link>
                  <p className="text-xs text-muted-fg">
                    {m.role === 'tutor' ? 'Your tutor' : 'Your tutoree'} for {m.course_code.toUpperCase()} ·{' '}
                    <time dateTime={m.matched_at}>{formatMessageTimestamp(m.matched_at)}</time>
                  </p>
                </div>
                <Link
                  to={paths.chat.href(m.room)}
                  className="text-sm font-medium text-accent-text underline underline-offset-2"
                >
                  {t.openChat}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
