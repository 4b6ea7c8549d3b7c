/**
 * The product's own account: it writes the first message of a matched group's room and never
 * logs in (docs/matchmaking.md). Migration 0006 created it under this name with its own copy.
 */
export const SYSTEM_USERNAME = 'studium-bot';
