/**
 * A room's address as the app accepts it (the protocol's isRoomRef; room-ref.test.ts holds
 * them together): index.html's boot script asks early only for a room the app would ask for.
 */
export const ROOM_REF = /^(?=.{1,512}$)[A-Za-z0-9_][A-Za-z0-9_-]*(?:[.:][A-Za-z0-9_-]+)*$/;
