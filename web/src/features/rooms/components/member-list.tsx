import { Link } from 'react-router';
import type { RoomMember } from '@studium/protocol';
import { paths } from '../../../config/paths';
import { memberLabel } from '../lib/member-label';

/** Members of a room that is not publicly readable (docs/rooms.md). */
export function MemberList({ members }: { members: RoomMember[] }) {
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {members.map((member, i) => (
        <li key={member.username || `unknown-${i}`}>
          {member.username ? (
            <Link to={paths.userProfile.href(member.username)} className="text-accent-text hover:underline">
              {memberLabel(member)}
            </Link>
          ) : (
            <span className="text-muted-fg">{memberLabel(member)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
