/**
 * Characters that text typed by users never keeps (docs/chat.md: What a message may hold):
 * control characters, which no keyboard types and which only ever hide or break what is shown
 * (NUL, escape, backspace…), and the bidirectional embeddings and overrides U+202A–U+202E, which
 * reverse the text after them (`invoice\u202Efdp.txt` shows as `invoicetxt.pdf`) and can run on
 * into the text around a message or a name. Kept: tabs and line breaks where lines are allowed,
 * the joiners emoji are built with, and the marks and isolates right-to-left scripts need.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/g;
const LINE_BREAKS = /[\t\n]/g;

/** `text` without control characters, embeddings and overrides; tabs and line breaks kept. */
export const withoutControls = (text: string): string => text.replace(CONTROLS, '');

/** One line of `text` (a name): tabs and line breaks become spaces, the rest as `withoutControls`. */
export const oneLine = (text: string): string => withoutControls(text).replace(LINE_BREAKS, ' ');
