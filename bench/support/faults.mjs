// Fault and delivery fixtures for scripts that run the built service: a TCP proxy that can cut a
// dependency off, and a messaging engine (MESSAGING_ENGINE=http) that records what it is sent.
import * as http from 'node:http';
import * as net from 'node:net';

/** A proxy to host:port; `cut()` drops every connection and refuses new ones until `restore()`. */
export async function startTcpProxy(host, port) {
  const sockets = new Set();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) return void client.destroy();
    const upstream = net.connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    isCut = true;
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: server.address().port,
    cut,
    restore: () => (isCut = false),
    close: () => { cut(); return new Promise((resolve) => server.close(resolve)); },
  };
}

/**
 * A messaging engine that answers 200 to every POST and keeps each call's parsed body (the
 * service's delivery payload: message_id, to, text, ...) with its Idempotency-Key header.
 */
export async function startRecordingEngine() {
  const calls = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      calls.push({ idempotencyKey: req.headers['idempotency-key'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `engine-${calls.length}` }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/messages`, calls, close: () => new Promise((resolve) => server.close(resolve)) };
}
