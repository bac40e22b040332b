import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { toWireNode } from '../../../../../libs/common/vehicle/filter-expression';
import { compileSearchNames } from '../../domain/translator/nl-translator';
import { extractJsonObject, FallbackReason, LangChainQueryTranslator } from './langchain-query-translator';
import { createLlmQueryTranslator } from './llm-query-translator.factory';
import { RuleBasedQueryTranslator } from './rule-based-query-translator';

const names = compileSearchNames({
  manufacturers: [{ name: 'Toyota' }, { name: 'Honda' }],
  models: [{ name: 'Camry', manufacturer: 'Toyota' }, { name: 'CR-V', manufacturer: 'Honda' }],
});
const ruleBased = new RuleBasedQueryTranslator();
const leaf = (comparator: string, attribute: string, value: unknown) => ({ comparator, attribute, value, operator: null, arguments: [] });
const and = (...args: unknown[]) => ({ comparator: null, attribute: null, value: null, operator: 'and', arguments: args });

function translatorWith(responses: string[], sleep?: number) {
  const fallbacks: FallbackReason[] = [];
  const translator = new LangChainQueryTranslator(new FakeListChatModel({ responses, sleep }), ruleBased, 200, {
    onFallback: (reason) => fallbacks.push(reason),
  });
  return { translator, fallbacks };
}

describe(LangChainQueryTranslator.name, () => {
  it("uses the model's filter and sort when the vocabulary accepts them", async () => {
    const answer = { filter: and(leaf('eq', 'manufacturer', 'Honda'), leaf('lt', 'price', 30000)), sort: 'price_asc' };
    const { translator, fallbacks } = translatorWith([`Here you go:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``]);
    const result = await translator.translate('cheap honda under 30k', names);
    expect(toWireNode(result.filter)).toEqual(answer.filter);
    expect(result.sort).toBe('price_asc');
    expect(fallbacks).toEqual([]);
  });

  it.each([
    ['prose', 'I think you want a Toyota.', 'unparsable'],
    ['an unknown attribute', JSON.stringify({ filter: and(leaf('eq', 'wheels', 4)), sort: null }), 'invalid'],
    ['a wrongly typed value', JSON.stringify({ filter: and(leaf('lt', 'price', 'cheap')) }), 'invalid'],
    ['a leaf at the root', JSON.stringify({ filter: leaf('eq', 'manufacturer', 'Toyota') }), 'invalid'],
    ['an unknown sort', JSON.stringify({ filter: and(), sort: 'random' }), 'invalid'],
  ])('falls back to the rule-based translation on %s', async (_case, response, reason) => {
    const { translator, fallbacks } = translatorWith([response]);
    const result = await translator.translate('Toyota', names);
    expect(toWireNode(result.filter)).toEqual(and(leaf('eq', 'manufacturer', 'Toyota')));
    expect(fallbacks).toEqual([reason]);
  });

  it('falls back when the model is slower than the timeout', async () => {
    jest.useFakeTimers();
    try {
      // The model would answer after 1000 ms (simulated); the translator gives up at 200 ms.
      const { translator, fallbacks } = translatorWith([JSON.stringify({ filter: and() })], 1000);
      let settled = false;
      const translation = translator.translate('Honda', names).finally(() => (settled = true));
      await jest.advanceTimersByTimeAsync(199);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect(toWireNode((await translation).filter)).toEqual(and(leaf('eq', 'manufacturer', 'Honda')));
      expect(fallbacks).toEqual(['timeout']);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe(createLlmQueryTranslator.name, () => {
  let server: Server;
  let reply: (body: string) => { status: number; body: unknown };
  let lastRequest: { url?: string; body?: { model?: string; messages?: { role: string; content: string }[] } } = {};

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        lastRequest = { url: req.url, body: JSON.parse(body) };
        const r = reply(body);
        res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settings = () => ({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, model: 'local-model', apiKey: null, timeoutMs: 2000 });

  it('talks to an OpenAI-compatible endpoint', async () => {
    const filter = and(leaf('eq', 'model', 'Camry'));
    reply = () => ({
      status: 200,
      body: { id: 'x', object: 'chat.completion', created: 0, model: 'local-model', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify({ filter, sort: null }) } }] },
    });
    const result = await createLlmQueryTranslator(settings(), ruleBased).translate('a camry please', names);
    expect(toWireNode(result.filter)).toEqual(filter);
    expect(lastRequest.url).toBe('/v1/chat/completions');
    expect(lastRequest.body?.model).toBe('local-model');
    expect(lastRequest.body?.messages?.at(-1)).toEqual({ role: 'user', content: 'a camry please' });
  });

  it('falls back when the endpoint fails', async () => {
    reply = () => ({ status: 500, body: { error: { message: 'overloaded' } } });
    const fallbacks: string[] = [];
    const result = await createLlmQueryTranslator(settings(), ruleBased, { onFallback: (r) => fallbacks.push(r) }).translate('Toyota', names);
    expect(toWireNode(result.filter)).toEqual(and(leaf('eq', 'manufacturer', 'Toyota')));
    expect(fallbacks).toEqual(['error']);
  });
});

describe(extractJsonObject.name, () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['text {"a":{"b":"}"}} more {"c":2}', { a: { b: '}' } }],
    ['no json', null],
    ['{"a":', null],
  ])('%j', (text, expected) => {
    expect(extractJsonObject(text)).toEqual(expected);
  });
});
