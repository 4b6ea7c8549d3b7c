// The baseline: a bare `ws` relay with no auth and no storage. It parses each frame and sends one
// message frame, serialized and encoded once, to every socket of the same room (the path).
// With BATCH_WRITES=1 it also batches its writes as Studium's hub does: each connection is corked
// at its first frame of an event-loop turn and uncorked at the turn's end (setImmediate, the
// window in which Studium's sends share a commit), so frames of one turn leave in one write.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const rooms = new Map();
const server = http.createServer((_req, res) => res.end('ok'));
const wss = new WebSocketServer({ server, perMessageDeflate: false, maxPayload: 16 * 1024 });
let nextId = 1;
const batchWrites = process.env.BATCH_WRITES === '1';
const corked = new Set();
const uncorkAll = () => {
  for (const socket of corked) socket.uncork();
  corked.clear();
};
const cork = (socket) => {
  if (corked.has(socket)) return;
  socket.cork();
  corked.add(socket);
  if (corked.size === 1) setImmediate(uncorkAll);
};
wss.on('connection', (ws, req) => {
  ws.connection = req.socket;
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
    const out = Buffer.from(
      JSON.stringify({
        type: 'message',
        id: nextId++,
        username: 'relay',
        message: frame.message,
        timestamp: new Date().toISOString(),
        reply_to: null,
        reactions: {},
        edited_at: null,
        edit_count: 0,
      }),
    );
    for (const peer of rooms.get(room)) {
      if (batchWrites) cork(peer.connection);
      peer.send(out, { binary: false });
    }
  });
  ws.on('close', () => rooms.get(room).delete(ws));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
