/**
 * For a server process a test starts with PORT=0: node arguments that make it print the port the
 * operating system assigned ("listening on port <n>") once it listens, and the reader of that line.
 * No port is guessed, so parallel runs and other programs on the machine cannot collide with it.
 */
const REPORT_PORT = `import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  this.once('listening', () => {
    const address = this.address();
    if (address && typeof address === 'object') process.stdout.write('listening on port ' + address.port + '\\n');
  });
  return listen.apply(this, args);
};`;

/** Put before the script in the node command line. */
export const REPORT_LISTENING_PORT: readonly string[] = ['--import', `data:text/javascript,${encodeURIComponent(REPORT_PORT)}`];

/** The port a process started with REPORT_LISTENING_PORT printed, or null if it has not listened yet. */
export function listeningPort(output: string): number | null {
  const m = /^listening on port (\d+)$/m.exec(output);
  return m ? Number(m[1]) : null;
}
