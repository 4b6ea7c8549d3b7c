/** The WebSocket URL of a server path: ws: or wss: per the page's protocol (docs/chat.md). */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${path}`;
}
