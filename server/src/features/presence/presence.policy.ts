/** Others see a user online only while connected and not opted out (docs/presence.md). */
export const appearsOnline = (isConnected: boolean, showPresence: boolean): boolean =>
  isConnected && showPresence;

/** A user's typing reaches the room only when they may send there and have not opted out. */
export const mayAnnounceTyping = (canSend: boolean, showPresence: boolean): boolean =>
  canSend && showPresence;
