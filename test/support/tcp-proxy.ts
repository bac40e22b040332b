import * as net from 'node:net';

/**
 * A TCP proxy to a dependency; `cut()` drops every connection and refuses new ones until
 * `restore()`. A refused connection is accepted and closed at once (what a client sees of a
 * dependency behind a load balancer whose backend is gone); `refused` counts them. `freeze()`
 * keeps every connection open, and accepts new ones, but passes nothing any more: a dependency
 * that hangs.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private isCut = false;
  private isFrozen = false;
  refused = 0;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(host: string, port: number): Promise<TcpProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new TcpProxy(server, (server.address() as net.AddressInfo).port);
    server.on('connection', (client) => proxy.pipe(client, host, port));
    return proxy;
  }

  private pipe(client: net.Socket, host: string, port: number): void {
    if (this.isCut) {
      this.refused++;
      client.destroy();
      return;
    }
    if (this.isFrozen) {
      this.sockets.add(client);
      client.on('error', () => undefined);
      client.on('close', () => this.sockets.delete(client));
      return;
    }
    const upstream = net.connect(port, host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    client.once('close', () => this.pairs.delete(pair));
    client.pipe(upstream).pipe(client);
  }

  freeze(): void {
    this.isFrozen = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  cut(): void {
    this.isCut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.isCut = false;
  }

  close(): Promise<void> {
    this.cut();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
