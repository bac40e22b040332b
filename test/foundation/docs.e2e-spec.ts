import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { Backend, configuredBackends } from '../support/backends';
import { deleteRedisKeys } from '../support/redis-keys';
import { copyOfRepository, freePort } from '../support/repository-copy';

/**
 * Every shell block of README.md and docs/*.md, pasted in order into one shell, as a reader would:
 * README first, then the guides in the order README lists them, in a fresh copy of the repository
 * with the service started as README's start blocks say. Fences: ```sh runs, ```sh skip does not,
 * ```sh mysql runs only in the MySQL + Redis pass. A block containing `npm start` is how the service
 * starts: the test starts it once itself (on a free port that replaces 3000 in the blocks, with the
 * `export`s of README's start blocks, the database and Redis being the pass's own) and never runs it.
 *
 * The blocks run in one bash (`set -uo pipefail`, so variables carry from block to block); every
 * command that fails is reported with its file, block and output, and the run goes on. `curl` fails
 * on an HTTP error status (4xx, 5xx) unless the command asks for the status itself (`-i`, `-w`, `-f`):
 * a block that shows an error answer shows its status.
 */
const ROOT = path.resolve(__dirname, '../..');
const RUN_TIMEOUT_MS = 200_000;
const FENCE = /^(\s*)```\s*(\S*)\s*(.*?)\s*$/;
const OTHER_SHELL_LANGS = new Set(['bash', 'shell', 'console', 'zsh', 'shell-session']);
const MARKERS = new Set(['', 'skip', 'mysql']);
const STARTS_SERVICE = /(^|[;&|(\s])npm (run )?start(\s|$|[;&|)])/m;
/** The pass chooses these; the start blocks' values of them are an example, not the test's. */
const BACKEND_VARIABLES = new Set(['DATABASE_URL', 'REDIS_URL', 'QUEUE_PREFIX', 'PORT', 'HOST']);

interface Block {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** `sh`, or another shell language (refused: it would never run). */
  lang: string;
  marker: string;
  text: string;
}

/** README.md, then docs/*.md as README's guide list orders them, then others it links, then the rest by name. */
function docFiles(root: string): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const link = /\]\((?:\.\/)?(docs\/[^)#\s]+\.md)(?:#[^)]*)?\)/g;
  const listed = readme.split('\n').filter((l) => /^\s*(?:\d+\.|[-*])\s+\[/.test(l)).flatMap((l) => [...l.matchAll(link)].map((m) => m[1]));
  const linked = [...readme.matchAll(link)].map((m) => m[1]);
  const present = fs.existsSync(path.join(root, 'docs')) ? fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`) : [];
  const ordered = [...new Set([...listed, ...linked, ...present])].filter((f) => present.includes(f));
  return ['README.md', ...ordered];
}

/** The shell blocks of a Markdown file, fences of other shell languages included. */
function shellBlocks(file: string, markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, indent, lang, marker] = open;
    let end = i + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end])) end++;
    if (lang === 'sh' || OTHER_SHELL_LANGS.has(lang)) {
      const text = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart())).join('\n');
      blocks.push({ file, line: i + 1, lang, marker, text });
    }
    i = end;
  }
  return blocks;
}

const firstLine = (block: Block) => block.text.split('\n').find((l) => l.trim() !== '') ?? '';
const where = (block: Block) => `${block.file}:${block.line} "${firstLine(block).slice(0, 100)}"`;

/** NAME=value pairs of a block's `export` lines (simple values, as start blocks write them). */
function exportsOf(block: Block): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of block.text.split('\n')) {
    if (!line.startsWith('export ')) continue;
    for (const m of line.replace(/#.*$/, '').slice('export '.length).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S*)/g)) {
      vars[m[1]] = m[2].replace(/^(["'])(.*)\1$/, '$2');
    }
  }
  return vars;
}


const untracked = (dir: string): string[] =>
  execFileSync('git', ['ls-files', '-z', '--others', '--exclude-standard'], { cwd: dir, encoding: 'utf8' }).split('\0').filter(Boolean);


/** The environment of a fresh shell: none of the test's own database or queue settings. */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'QUEUE_PREFIX', 'DATA_DIR', 'DEMO_SEED', 'MIGRATE_ON_START', 'LOG_LEVEL', 'NODE_ENV', 'RUN_WORKERS', 'PORT', 'HOST']) delete env[name];
  return { ...env, ...extra };
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Kills a detached child's process group (npm, node, and anything a block left in the background). */
function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child || !alive(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

/** Starts the service in bash, resolving once the banner's last line is printed. */
function startService(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      if (alive(child)) process.kill(-child.pid!, 'SIGTERM');
      reject(new Error(`the service did not start (${reason}):\n${output.slice(-4000)}`));
    };
    const timer = setTimeout(() => fail('not ready in time'), 150_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/^ {2}try {8}curl .*$/m.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => fail(`exited with ${code}`));
  });
}

interface Failure {
  block: Block;
  command: string;
  status: string;
  output: string;
}

/** The blocks as one script: a marker before each, an ERR trap naming the failing command's line. */
function scriptOf(blocks: Block[], port: number, token: string): { script: string; lineOwner: (line: number) => { index: number; offset: number } | null } {
  const local = (text: string) => text.replace(/\b(127\.0\.0\.1|localhost):3000\b/g, `127.0.0.1:${port}`);
  const head = [
    'set -uo pipefail',
    'exec 2>&1',
    // An HTTP error status fails the command unless it asks for the status itself (-i, -w, -f).
    'curl() {',
    '  local a',
    '  for a in "$@"; do',
    '    if [[ $a == --include || $a == --write-out || $a == --fail* || ( $a =~ ^-[A-Za-z]+$ && $a =~ [iwf] ) ]]; then command curl -sS --max-time 60 "$@"; return; fi',
    '  done',
    '  command curl -sS --max-time 60 --fail-with-body "$@"',
    '}',
    `trap 'printf "\\n${token} fail %s %s\\n" "$?" "$LINENO"' ERR`,
  ];
  const lines = [...head];
  const starts: number[] = [];
  blocks.forEach((block, index) => {
    lines.push(`printf '\\n${token} block ${index}\\n'`);
    starts.push(lines.length + 1);
    lines.push(...local(block.text).split('\n'));
  });
  lines.push(`printf '\\n${token} end\\n'`);
  const lineOwner = (line: number) => {
    for (let i = starts.length - 1; i >= 0; i--) if (line >= starts[i]) return line - starts[i] < blocks[i].text.split('\n').length ? { index: i, offset: line - starts[i] } : null;
    return null;
  };
  return { script: lines.join('\n') + '\n', lineOwner };
}

/** Runs the script and reads the failures out of its output. */
async function runBlocks(blocks: Block[], cwd: string, env: NodeJS.ProcessEnv, port: number): Promise<{ failures: Failure[]; output: string }> {
  const token = `@@docs-${randomBytes(6).toString('hex')}`;
  const { script, lineOwner } = scriptOf(blocks, port, token);
  const file = path.join(os.tmpdir(), `${token.slice(2)}.sh`);
  fs.writeFileSync(file, script);
  const child = spawn('bash', [file], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid!, 'SIGKILL');
  }, RUN_TIMEOUT_MS);
  const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  clearTimeout(timer);
  try {
    process.kill(-child.pid!, 'SIGKILL'); // what blocks left in the background
  } catch {
    // nothing was left
  }
  fs.rmSync(file, { force: true });

  // Split the output at the markers: each block's output, and the failures inside it.
  const failures: Failure[] = [];
  let current = -1;
  let since = '';
  let ended = false;
  const blockOutput = () => since.trim().slice(-1500);
  for (const line of output.split('\n')) {
    const marker = line.startsWith(token) ? line.slice(token.length + 1).split(' ') : null;
    if (!marker) {
      since += `${line}\n`;
      continue;
    }
    if (marker[0] === 'block') {
      current = Number(marker[1]);
      since = '';
    } else if (marker[0] === 'end') {
      ended = true;
    } else if (marker[0] === 'fail') {
      const owner = lineOwner(Number(marker[2]));
      const block = blocks[owner?.index ?? current];
      failures.push({ block, command: owner ? block.text.split('\n')[owner.offset] : '?', status: `exit ${marker[1]}`, output: blockOutput() });
      since = '';
    }
  }
  if (!ended && current >= 0) {
    const unbound = /line (\d+): .*unbound variable/.exec(since);
    const owner = unbound ? lineOwner(Number(unbound[1])) : null;
    const block = blocks[owner?.index ?? current];
    failures.push({
      block,
      command: owner ? block.text.split('\n')[owner.offset] : '?',
      status: timedOut ? `timed out after ${RUN_TIMEOUT_MS / 1000} s: the rest did not run` : `the shell stopped (status ${status}): the rest did not run`,
      output: blockOutput(),
    });
  }
  return { failures, output };
}

function allBlocks(root: string) {
  return docFiles(root).flatMap((file) => shellBlocks(file, fs.readFileSync(path.join(root, file), 'utf8')));
}

describe('docs: every shell block, in order, in one shell', () => {
  const blocks = allBlocks(ROOT);

  it('marks every shell block ```sh, ```sh skip or ```sh mysql', () => {
    const wrong = blocks.filter((b) => b.lang !== 'sh' || !MARKERS.has(b.marker)).map((b) => `${where(b)}: \`\`\`${b.lang} ${b.marker}`.trim());
    expect(wrong).toEqual([]);
  });

  async function pass(backend: Backend): Promise<void> {
    const mysqlPass = backend.mysqlUrl !== null || backend.redisUrl !== null;
    const repo = copyOfRepository('dealer-docs-');
    const before = new Set(untracked(repo));
    const port = await freePort();
    const runnable = (b: Block) => b.lang === 'sh' && (b.marker === '' || (b.marker === 'mysql' && mysqlPass));
    const starts = blocks.filter((b) => STARTS_SERVICE.test(b.text));
    const toRun = blocks.filter((b) => runnable(b) && !STARTS_SERVICE.test(b.text));

    // A database that does not exist yet (start-up creates it) and a queue prefix of the pass's own, both removed afterwards.
    const scratch = `docs_${Date.now().toString(36)}`;
    const backendVars: Record<string, string> = {};
    if (backend.mysqlUrl) {
      const url = new URL(backend.mysqlUrl);
      url.pathname = `/${scratch}`;
      backendVars.DATABASE_URL = url.toString();
    }
    if (backend.redisUrl) backendVars.REDIS_URL = backend.redisUrl;
    if (mysqlPass) backendVars.QUEUE_PREFIX = scratch;
    // The first terminal has README's start blocks' variables; the second (the blocks') the database's and Redis' only, as README says.
    const serviceVars = Object.fromEntries(
      starts.filter((b) => b.file === 'README.md').flatMap((b) => Object.entries(exportsOf(b))).filter(([name]) => !BACKEND_VARIABLES.has(name)),
    );
    const blockEnv = shellEnv(backendVars);
    const serviceEnv = shellEnv({ ...serviceVars, ...backendVars, PORT: String(port) });

    let service: ChildProcess | undefined;
    try {
      service = await startService(backend.mysqlUrl ? 'npm run migrate && npm start' : 'npm start', repo, serviceEnv);
      const { failures } = await runBlocks(toRun, repo, blockEnv, port);
      const mysqlOnly = blocks.filter((b) => b.marker === 'mysql' && !mysqlPass).length;
      const skipped = blocks.filter((b) => !runnable(b)).length;
      console.log(
        `docs [${backend.name}]: ran ${toRun.length} blocks, skipped ${skipped} (${mysqlOnly} mysql-only); ` +
          `started the service once for the ${starts.length} blocks with \`npm start\` (${starts.map((b) => `${b.file}:${b.line}`).join(', ')}; ` +
          `README's variables: ${Object.keys(serviceVars).join(', ') || 'none'})`,
      );
      const report = failures.map((f) => `${where(f.block)}\n  command: ${f.command}\n  ${f.status}\n  output:\n${f.output.replace(/^/gm, '    ')}`);
      const left = untracked(repo).filter((f) => !before.has(f) && !f.startsWith('data/'));
      expect({ failures: report, filesLeftInTheRepository: left }).toEqual({ failures: [], filesLeftInTheRepository: [] });
    } finally {
      await stopGroup(service);
      fs.rmSync(repo, { recursive: true, force: true });
      if (backend.mysqlUrl) {
        const conn = await createConnection({ uri: backend.mysqlUrl });
        await conn.query(`DROP DATABASE IF EXISTS \`${scratch}\``);
        await conn.end();
      }
      if (backend.redisUrl) await deleteRedisKeys(backend.redisUrl, `${scratch}:*`);
    }
  }

  const backends = configuredBackends();
  for (const backend of backends) it(`runs on ${backend.name}`, () => pass(backend), 300_000);
  if (backends.length === 1) {
    console.log('docs: the MySQL + Redis pass is skipped: TEST_MYSQL_URL / TEST_REDIS_URL are not set');
    it.skip('runs on MySQL + Redis (TEST_MYSQL_URL / TEST_REDIS_URL not set: this pass and its ```sh mysql blocks are skipped)', () => undefined);
  }
});
