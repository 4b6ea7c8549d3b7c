import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CHAT_TEXTS, isRoomRef } from '@studium/protocol';
import { ErrorState } from '../../components/ui/error-state';
import { PageSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/hooks/use-session';
import { ChatRoom, ChatRoomFrame } from '../../features/chat/components/chat-room';
import { BanNotice } from '../../features/moderation/components/ban-notice';
import { banFromError } from '../../features/moderation/lib/ban-notice';
import { markRoomRead } from '../../features/notifications/api/mark-read';
import { useRoomDetail } from '../../features/rooms/api/get-room';
import { useJoinRoom } from '../../features/rooms/api/join-room';
import { LazyRoomActions } from '../../features/rooms/components/lazy-room-actions';
import { ApiError, NetworkError } from '../../lib/api-client';
import { SCREEN_FAILED } from '../router';

/** How often an unreachable room is asked for again. */
const UNREACHABLE_RETRY_MS = 3000;

/**
 * /chat/{roomName} (docs/chat.md): an address that cannot name a room shows 'Invalid room ID';
 * else the room detail first, the room's frame on screen meanwhile (header, messages loading,
 * the composer disabled; 403 'No permission', other failures 'Room not found'; all three back to
 * /; a banned user stays and reads their ban; no answer at all (offline) stays, says so and asks
 * again); then join when the server says entering joins, mark read, and the chat in the frame's
 * place, opened at `?message={id}` when given. Every right comes from the detail's permission
 * flags.
 */
export default function ChatRoute() {
  const { roomName = '' } = useParams();
  const [search] = useSearchParams();
  const rawMessage = Number(search.get('message'));
  const messageId = Number.isSafeInteger(rawMessage) && rawMessage > 0 ? rawMessage : undefined;
  const { username } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An address that cannot name a room is not asked about: it is refused as such.
  const isValidRef = isRoomRef(roomName);
  const detail = useRoomDetail(roomName, { enabled: isValidRef });
  const { mutate: join } = useJoinRoom();
  // The room takes the frame's place in a render that yields to the browser (a deferred value,
  // rendered as a transition): the data layer's answers render synchronously, which made the
  // room's first render one long task. Only that step is deferred: from one room to another (or a
  // newer answer of the same room) the route renders the current answer at once, never a room
  // the address no longer names.
  const room = useDeferredValue(detail.data) ? detail.data : undefined;
  const denied = room !== undefined && !room.can_read;
  const roomId = room && !denied ? room.id : undefined;
  const needsJoin = room !== undefined && !denied && room.joins_on_write;

  // A banned user reads why instead of being sent away (docs/moderation.md).
  const ban = banFromError(detail.error);
  // The open room's live connection was refused (a ban, a removal): the detail is read again and
  // says which. A ban shows its notice; any other refusal says 'No permission' and leaves, also
  // when the room now answers as unknown (a group one was removed from).
  const [accessLost, setAccessLost] = useState(false);
  const { refetch } = detail;
  // No answer at all (offline, the server unreachable) says nothing of the room: the screen stays,
  // says so, and reads the room again every few seconds and when the browser is back online; the
  // room opens then, and what waits in its outbox is sent (docs/architecture.md: Offline).
  const unreachable = detail.isError && detail.error instanceof NetworkError;
  useEffect(() => {
    if (!unreachable) return;
    const again = () => void refetch();
    const timer = setInterval(again, UNREACHABLE_RETRY_MS);
    window.addEventListener('online', again);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [unreachable, refetch]);
  const onAccessLost = useCallback(() => {
    setAccessLost(true);
    void refetch().then((again) => {
      if (again.isError || !again.data?.can_read) return;
      toast.error(CHAT_TEXTS.chat.noPermission, { id: 'chat-room-load' });
      void navigate(paths.landing.href(), { replace: true });
    });
  }, [refetch, navigate]);

  useEffect(() => {
    if (isValidRef) return;
    toast.error(CHAT_TEXTS.rooms.invalidId, { id: 'chat-room-load' });
    void navigate(paths.landing.href(), { replace: true });
  }, [isValidRef, navigate]);

  useEffect(() => {
    if (!detail.isError || ban || unreachable) return;
    const forbidden = detail.error instanceof ApiError && detail.error.status === 403;
    toast.error(forbidden || accessLost ? CHAT_TEXTS.chat.noPermission : CHAT_TEXTS.rooms.notFound, {
      id: 'chat-room-load',
    });
    void navigate(paths.landing.href(), { replace: true });
  }, [detail.isError, detail.error, ban, unreachable, accessLost, navigate]);

  useEffect(() => {
    if (!denied) return;
    toast.error(CHAT_TEXTS.chat.noPermission, { id: 'chat-room-load' });
    void navigate(paths.landing.href(), { replace: true });
  }, [denied, navigate]);

  useEffect(() => {
    if (!needsJoin || roomId === undefined) return;
    // A refused join is only logged; the room stays read-only.
    join(roomId, { onError: (err) => console.info('Join request refused:', err.message) });
  }, [needsJoin, roomId, join]);

  useEffect(() => {
    if (roomId === undefined) return;
    markRoomRead(queryClient, roomId).catch(() => undefined);
  }, [roomId, queryClient]);

  if (ban) return <BanNotice ban={ban} />;
  if (!isValidRef) return <PageSpinner label="Loading room" />;
  if (!room && unreachable)
    return (
      <div className="flex flex-1 items-center justify-center p-4">
        <ErrorState message={SCREEN_FAILED} onRetry={() => void refetch()} className="max-w-md" />
      </div>
    );
  if (!room || denied) return <ChatRoomFrame />;
  return (
    <ChatRoom
      key={room.id}
      room={room}
      routeName={roomName}
      me={username}
      headerActions={<LazyRoomActions room={room} />}
      messageId={messageId}
      onAccessLost={onAccessLost}
    />
  );
}
