// Shared helpers of the benchmarks: child servers, process memory, percentiles, sockets.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import WebSocket from 'ws';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** User plus system CPU time of a process so far, in ms (Linux; clock ticks of 10 ms). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts `node script` with env; resolves once `readyUrl` answers. */
export async function startChild(script, env, readyUrl, args = []) {
  const child = spawn(process.execPath, [...args, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited: ${stderr}`);
    try {
      await fetch(readyUrl);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${script} did not start: ${stderr}`);
      await sleep(100);
    }
  }
  return {
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** Resident memory of a process in bytes (Linux). */
export function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Opens sockets in batches; each gets `onFrame(socket, data)`. */
export async function openSockets(specs, onFrame, batch = 50) {
  const sockets = [];
  for (let i = 0; i < specs.length; i += batch) {
    const opened = specs.slice(i, i + batch).map(
      (spec) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(spec.url, { headers: spec.headers ?? {}, perMessageDeflate: false });
          ws.spec = spec;
          ws.on('message', (data) => onFrame(ws, data));
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
          ws.once('close', (code) => code >= 4000 && reject(new Error(`closed ${code}`)));
        }),
    );
    sockets.push(...(await Promise.all(opened)));
  }
  return sockets;
}

export async function closeSockets(sockets) {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', resolve);
          ws.close();
          setTimeout(() => {
            ws.terminate();
            resolve();
          }, 2000).unref();
        }),
    ),
  );
}

export const fmt = (n, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';
