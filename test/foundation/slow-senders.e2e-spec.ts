import * as fs from 'node:fs';
import * as net from 'node:net';
import { Controller, HttpCode, Module, Post } from '@nestjs/common';
import { Public } from '../../libs/common/auth/auth.decorators';
import { uploadFolder } from '../../src/modules/inventory/adapters/http/upload-folder';
import { Backend, describeEachBackend } from '../support/backends';
import { until } from '../support/eventually';
import { createDealer, DealerFixture, listenOnFreePort, startTestApp, TestApp } from '../support/test-app';

/** The request timeout of the suite's first app (REQUEST_TIMEOUT_S): short, so a stalled body is answered soon. */
const REQUEST_TIMEOUT_S = 2;

/** A handler that takes longer than REQUEST_TIMEOUT_S after its (small) body arrived. */
@Controller('api/v1/_slow')
class SlowController {
  @Post()
  @Public()
  @HttpCode(200)
  async slow(): Promise<{ done: boolean }> {
    await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_S * 1000 * 2));
    return { done: true };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

interface Exchange {
  /** Everything the server sent. */
  answer: string;
  /** Milliseconds from the first byte sent to the server closing the connection. */
  closedAfterMs: number;
}

/**
 * Sends `request` on a real socket, then nothing more (the rest never comes); resolves once the
 * server closes the connection. `onData`: sees each answer as it grows (to send a second request).
 */
function stall(port: number, request: string, onData?: (answer: string, socket: net.Socket) => void): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    let started = 0;
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      started = Date.now();
      socket.write(request);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      onData?.(answer, socket);
    });
    socket.on('error', reject);
    // The server's FIN ('end') or its reset ('close' without end): either way, closed by the server.
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
  });
}

const statusOf = (answer: string) => /^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1];
const headerOf = (answer: string, name: string) => new RegExp(`\r\n${name}: ([^\r]*)\r\n`, 'i').exec(answer)?.[1];
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
const TIMEOUT_BODY = { message: 'Request timeout: the request was not received in time', details: null };

/** Slow senders (decisions.md section 1): 408 in the error shape and the connection closed, never a connection held for a minute. */
describeEachBackend('Slow senders', (backend: Backend) => {
  describe(`with REQUEST_TIMEOUT_S=${REQUEST_TIMEOUT_S}`, () => {
    let t: TestApp;
    let port: number;
    let dealer: DealerFixture;
    beforeAll(async () => {
      t = await startTestApp(backend, { REQUEST_TIMEOUT_S: String(REQUEST_TIMEOUT_S) }, [SlowModule]);
      ({ port } = await listenOnFreePort(t));
      dealer = await createDealer(t);
    });
    afterAll(() => t.close());

    it('answers a JSON body that stops arriving with 408, under the request id it was given', async () => {
      const body = '{"query": "red';
      const { answer, closedAfterMs } = await stall(port, 'POST /api/v1/search HTTP/1.1\r\nHost: x\r\n'
        + `Authorization: ${dealer.auth}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 50}\r\nX-Request-Id: stalled-json-1\r\n\r\n${body}`);
      expect(statusOf(answer)).toBe('408');
      expect(headerOf(answer, 'X-Request-Id')).toBe('stalled-json-1');
      expect(headerOf(answer, 'Connection')).toBe('close');
      expect(bodyOf(answer)).toEqual(TIMEOUT_BODY);
      expect(closedAfterMs).toBeLessThan((REQUEST_TIMEOUT_S + 2) * 1000);
    });

    it('answers an upload that stops arriving with 408 and removes its spool file', async () => {
      const boundary = 'stalled-upload';
      const part = `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="cars.csv"\r\nContent-Type: text/csv\r\n\r\nvin,price\n`;
      const { answer, closedAfterMs } = await stall(port, 'PUT /api/v1/inventory/used HTTP/1.1\r\nHost: x\r\n'
        + `Authorization: ${dealer.auth}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\nX-Request-Id: stalled-upload-1\r\n\r\n${part}`);
      expect(statusOf(answer)).toBe('408');
      expect(headerOf(answer, 'X-Request-Id')).toBe('stalled-upload-1');
      expect(bodyOf(answer)).toEqual(TIMEOUT_BODY);
      expect(closedAfterMs).toBeLessThan((REQUEST_TIMEOUT_S + 2) * 1000);
      // The cut request removes its own spool file (multer), not only a later sweep.
      const folder = uploadFolder(t.config.dataDir);
      await until(() => fs.readdirSync(folder).length === 0, 'the stalled upload\'s spool file to be removed');
    });

    it('does not cut a request whose body arrived, however long it is handled', async () => {
      const { answer, closedAfterMs } = await stall(port, 'POST /api/v1/_slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
      expect(statusOf(answer)).toBe('200');
      expect(bodyOf(answer)).toEqual({ done: true });
      expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_S * 1000 * 2);
    });
  });

  describe('with the default request timeout', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await startTestApp(backend);
      ({ port } = await listenOnFreePort(t));
    });
    afterAll(() => t.close());

    it('answers headers that stop arriving with 408 within 12 s, not before 10 s', async () => {
      const { answer, closedAfterMs } = await stall(port, 'GET /health/live HTTP/1.1\r\nHost: x\r\nX-Partial');
      expect(statusOf(answer)).toBe('408');
      // The headers were never read, so a request id of the server's own.
      expect(headerOf(answer, 'X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(bodyOf(answer)).toEqual(TIMEOUT_BODY);
      // Measured from the client's first byte, checked by the server once a second.
      expect(closedAfterMs).toBeGreaterThanOrEqual(9_900);
      expect(closedAfterMs).toBeLessThan(12_000);
    }, 20_000);

    it('closes an idle keep-alive connection after 5 s', async () => {
      let answeredAt = 0;
      const { answer } = await stall(port, 'GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n', (text) => {
        if (!answeredAt && text.includes('\r\n\r\n') && text.endsWith('}')) answeredAt = Date.now();
      });
      const idleMs = Date.now() - answeredAt;
      expect(statusOf(answer)).toBe('200');
      expect(headerOf(answer, 'Connection')).toBe('keep-alive');
      expect(idleMs).toBeGreaterThanOrEqual(4_500);
      expect(idleMs).toBeLessThan(7_000);
    }, 20_000);
  });
});
