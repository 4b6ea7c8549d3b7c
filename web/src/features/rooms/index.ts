// What other features use of rooms.
export { useRoomTree } from './api/get-room-tree';
export { useJoinRoom } from './api/join-room';
export { applyRoomFields } from './api/update-room-cache';
