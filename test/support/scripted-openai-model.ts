import * as http from 'node:http';
import { AddressInfo } from 'node:net';

/** A message of a Chat Completions request, as the client sent it. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** The body of one `POST /v1/chat/completions`. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: { type: 'function'; function: { name: string } }[];
}

/** A tool call the model makes: `args` as an object (sent as JSON) or as a string, sent as it is (malformed on purpose). */
interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown> | string;
}

/**
 * What the model does on one request: answer text, call tools (with optional text before the
 * calls), fail with an HTTP status, or never answer.
 */
export type ScriptedTurn =
  | { say: string }
  | { call: ScriptedToolCall[]; say?: string }
  | { fail: number }
  | { hang: true };

/** What a request shows of the run's current turn: its question and what the tools answered since. */
export interface TurnSoFar {
  /** The last user message's text (the run's question, wrapped as the agent sends it). */
  question: string;
  /** Tool messages after the question, each with the name of the tool the model had called. */
  toolResults: { name: string; content: string }[];
  /** The request, whole. */
  request: ChatRequest;
}

export function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  return (message.content ?? []).map((part) => part.text ?? '').join('');
}

function turnOf(request: ChatRequest): TurnSoFar {
  const messages = request.messages;
  let start = messages.length - 1;
  while (start >= 0 && messages[start].role !== 'user') start--;
  const names = new Map<string, string>();
  const toolResults: TurnSoFar['toolResults'] = [];
  for (const m of messages.slice(start + 1)) {
    for (const call of m.tool_calls ?? []) names.set(call.id, call.function.name);
    if (m.role === 'tool') toolResults.push({ name: names.get(m.tool_call_id ?? '') ?? '?', content: textOf(m) });
  }
  return { question: start >= 0 ? textOf(messages[start]) : '', toolResults, request };
}

/**
 * A local OpenAI-compatible chat endpoint a test scripts per request: enough of the Chat
 * Completions API (plain JSON and `stream: true` server-sent events) for an OpenAI client with
 * tool calling. Every request body is kept, so a test can read what the model was shown.
 */
export class ScriptedOpenAiModel {
  /** Every request since the last `script()`, in arrival order. */
  readonly requests: ChatRequest[] = [];
  private script: (turn: TurnSoFar) => ScriptedTurn = () => ({ fail: 500 });
  private calls = 0;

  private constructor(
    private readonly server: http.Server,
    readonly baseUrl: string,
  ) {}

  static async start(): Promise<ScriptedOpenAiModel> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const model = new ScriptedOpenAiModel(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
    server.on('request', (req, res) => model.handle(req, res));
    return model;
  }

  /** What the model does from now on, decided per request; forgets the requests so far. */
  respond(script: (turn: TurnSoFar) => ScriptedTurn): void {
    this.script = script;
    this.requests.length = 0;
  }

  /** Closes the server, dropping the connections of requests it never answered. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}`, type: 'not_found' } }));
        return;
      }
      const request = JSON.parse(raw) as ChatRequest;
      this.requests.push(request);
      let turn: ScriptedTurn;
      try {
        turn = this.script(turnOf(request));
      } catch (err) {
        // A script that throws is a test bug: the client sees a 400 (not retried) saying so.
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: `script failed: ${String(err)}`, type: 'invalid_request_error' } }));
        return;
      }
      this.answer(request, turn, res);
    });
  }

  private answer(request: ChatRequest, turn: ScriptedTurn, res: http.ServerResponse): void {
    if ('hang' in turn) return; // headers never sent: the client waits until it gives up
    if ('fail' in turn) {
      // retry-after-ms keeps a client's retry quick (the OpenAI SDK honours it).
      res.writeHead(turn.fail, { 'Content-Type': 'application/json', 'retry-after-ms': '50' })
        .end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error', code: null } }));
      return;
    }
    const id = `chatcmpl-scripted-${++this.calls}`;
    const created = Math.floor(Date.now() / 1000);
    const text = turn.say ?? '';
    const toolCalls = ('call' in turn ? turn.call : []).map((c, i) => ({
      id: `call_${this.calls}_${i}`, type: 'function' as const,
      function: { name: c.name, arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args) },
    }));
    const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop';
    const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
    if (!request.stream) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({
        id, object: 'chat.completion', created, model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content: toolCalls.length > 0 && !text ? null : text, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }, finish_reason: finishReason, logprobs: null }],
        usage,
      }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`);
    chunk({ role: 'assistant', content: '' });
    // Text in small pieces that cut words and sentences, as a real model streams.
    for (let at = 0; at < text.length; at += 7) chunk({ content: text.slice(at, at + 7) });
    toolCalls.forEach((call, index) => {
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
      const args = call.function.arguments;
      for (let at = 0; at < args.length; at += 10) chunk({ tool_calls: [{ index, function: { arguments: args.slice(at, at + 10) } }] });
    });
    chunk({}, finishReason);
    if (request.stream_options?.include_usage) {
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  }
}
