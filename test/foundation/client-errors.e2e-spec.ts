import * as net from 'node:net';
import { describeEachBackend } from '../support/backends';
import { listenOnFreePort, startTestApp, TestApp } from '../support/test-app';

/** Raw bytes to the listening app, and everything it answers before closing. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describeEachBackend('Requests Node refuses before routing', (backend) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    ({ port } = await listenOnFreePort(t));
  });
  afterAll(() => t.close());

  const body = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('answers headers over the limit with 431 in the error shape', async () => {
    const answer = await exchange(port, `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer).toContain('Content-Type: application/json');
    expect(answer).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(body(answer)).toEqual({ message: 'Request headers too large', details: null });
  });

  it('answers a malformed request line with 400 in the error shape', async () => {
    const answer = await exchange(port, 'GET /health/live HTTP/9.9 nonsense\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(body(answer)).toEqual({ message: 'Malformed HTTP request', details: null });
  });
});
