import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RoomDetail } from '@studium/protocol';
import { paths } from '../../../config/paths';
import { roomKindLabel } from '../lib/room-kind-label';
import { BotToggle } from './bot-toggle';
import { MemberList } from './member-list';
import { RoomNameEditor } from './room-name-editor';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-muted-fg">{label}</dt>
      <dd className="break-words text-fg">{children}</dd>
    </div>
  );
}

interface RoomDetailsBodyProps {
  room: RoomDetail;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

/**
 * The fields of a room in words a student uses (docs/rooms.md): no slugs or ids; empty ones are
 * hidden, the bot switch shows for whoever may flip it.
 */
export function RoomDetailsBody({ room, editing, onEditingChange }: RoomDetailsBodyProps) {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value).trim();
  const optional: Array<[string, string]> = [
    ['Topic', text(room.topic)],
    ['Description', text(room.description)],
    ['Type', roomKindLabel(room)],
  ];
  return (
    <div className="flex flex-col gap-4">
      {/* Not keyed by the name: a rename heard live before its own answer must not remount the
          editor, which would drop the answer's confirmation and leave the editor open. */}
      <RoomNameEditor
        roomId={room.id}
        name={room.name}
        canRename={room.can_rename}
        editing={editing}
        onEditingChange={onEditingChange}
      />
      <dl className="divide-y divide-border border-y border-border">
        {optional
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Row key={label} label={label}>
              {value}
            </Row>
          ))}
        <Row label="Bots allowed">
          {room.can_set_bot_allowed ? (
            <BotToggle roomId={room.id} allowed={room.is_bot_allowed} />
          ) : (
            yesNo(room.is_bot_allowed)
          )}
        </Row>
        <Row label="Who can read">{room.is_public_readable ? 'Everyone' : 'Only members'}</Row>
        <Row label="Who can write">
          {room.is_write_gated ? 'Only members can write' : 'Everyone who can read'}
        </Row>
        <Row label="Member">{room.member ? 'You have joined' : 'No'}</Row>
        {room.owner_username ? (
          <Row label="Owner">
            <Link
              to={paths.userProfile.href(room.owner_username)}
              className="text-accent-text hover:underline"
            >
              {room.owner_username}
            </Link>
          </Row>
        ) : null}
      </dl>
      {room.members && room.members.length > 0 ? (
        <section aria-label="Members" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-fg">Members ({room.members.length})</h3>
          <MemberList members={room.members} />
        </section>
      ) : null}
    </div>
  );
}
