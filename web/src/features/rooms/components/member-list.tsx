import { Link } from 'react-router';
import type { RoomMember } from '@studium/protocol';
import { paths } from '../../../config/paths';
import { OnlineDot, usePresence } from '../../presence';
import { memberLabel } from '../lib/member-label';

/** Members of a room that is not publicly readable (docs/rooms.md). */
export function MemberList({ members }: { members: RoomMember[] }) {
  // Watched while the list is on screen (docs/presence.md).
  const online = usePresence(members.map((m) => m.username));
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {members.map((member, i) => (
        <li key={member.username || `unknown-${i}`} className="flex items-center gap-2">
          {member.username ? (
            <Link to={paths.userProfile.href(member.username)} className="text-accent-text hover:underline">
              {memberLabel(member)}
            </Link>
          ) : (
            <span className="text-muted-fg">{memberLabel(member)}</span>
          )}
          <OnlineDot online={member.username ? online[member.username] : undefined} />
        </li>
      ))}
    </ul>
  );
}
