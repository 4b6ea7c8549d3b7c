/**
 * Others see a user online only while connected and not opted out, and never across a block,
 * whichever side set it (docs/presence.md).
 */
export const appearsOnline = (
  isConnected: boolean,
  showPresence: boolean,
  blockedBetween: boolean,
): boolean => isConnected && showPresence && !blockedBetween;

/** A user's typing reaches the room only when they may send there and have not opted out. */
export const mayAnnounceTyping = (canSend: boolean, showPresence: boolean): boolean =>
  canSend && showPresence;
