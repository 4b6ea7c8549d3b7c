// The baseline: a bare `ws` relay with no auth and no storage. It parses each frame and sends one
// message frame, serialized and encoded once, to every socket of the same room (the path).
import http from 'node:http';
import { WebSocketServer } from 'ws';

const rooms = new Map();
const server = http.createServer((_req, res) => res.end('ok'));
const wss = new WebSocketServer({ server, perMessageDeflate: false, maxPayload: 16 * 1024 });
let nextId = 1;
wss.on('connection', (ws, req) => {
  const room = req.url;
  if (!rooms.has(room)) rooms.set(room, new Set());
  rooms.get(room).add(ws);
  ws.on('message', (data) => {
    let frame;
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return ws.send('{"error":"malformed"}');
    }
    const out = Buffer.from(JSON.stringify({ type: 'message', id: nextId++, username: 'relay', message: frame.message, timestamp: new Date().toISOString(), reply_to: null, reactions: {}, edited_at: null, edit_count: 0 }));
    for (const peer of rooms.get(room)) peer.send(out, { binary: false });
  });
  ws.on('close', () => rooms.get(room).delete(ws));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
