// A step of the app's load under a screen's frame for a signed-in user (main.tsx), before the
// navbar's signed-in parts: the protocol's matchmaking schemas and language list (a chunk of their
// own, which the signed-in parts import), built when their module is evaluated.
export { activePartyResponse } from '@studium/protocol';
