import * as net from 'node:net';
import { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (RFC 5321, no TLS, no AUTH) to receive what nodemailer sends. */
export async function startFakeSmtpServer(options: { rejectRecipients?: boolean } = {}): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued as fake-1');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250-fake-smtp\r\n250 8BITMIME');
        else if (verb === 'MAIL') { current.from = line; reply('250 2.1.0 OK'); }
        else if (verb === 'RCPT') {
          if (options.rejectRecipients) reply('550 5.1.1 no such user');
          else { current.to.push(line); reply('250 2.1.5 OK'); }
        } else if (verb === 'DATA') { inData = true; reply('354 go ahead'); }
        else if (verb === 'QUIT') { reply('221 bye'); socket.end(); }
        else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((r) => server.close(() => r())) };
}
