import { setTimeout as sleep } from 'node:timers/promises';
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { composeAnswer, followUpTools, planTools } from './offline-answers';
import { questionOf, threadStateIn } from './prompt';

const QUESTION_CHARS = 1000;

/**
 * The built-in model (the default, no network): a LangChain chat model that supports
 * `bindTools`, so the same agent loop, tools and events run offline and with a real model. First
 * turn: the tool calls the question needs; then the calls a result leads to (the estimate for the
 * car a search found), if any; last: the answer composed from the results, streamed word by word
 * (`streamDelayMs` between words simulates a real model's pace).
 */
export class OfflineDealershipModel extends BaseChatModel {
  private boundTools: string[] = [];

  constructor(private readonly options: { streamDelayMs: number } = { streamDelayMs: 0 }) {
    super({});
  }

  _llmType(): string {
    return 'dealer-api-offline';
  }

  override bindTools(tools: BindToolsInput[]): OfflineDealershipModel {
    const bound = new OfflineDealershipModel(this.options);
    bound.boundTools = tools.map((t) => (t as { name?: string }).name ?? '').filter(Boolean);
    return bound as unknown as OfflineDealershipModel;
  }

  /** The tool calls of the first turn, those its results lead to, or the final text once they are all in. */
  private respond(messages: BaseMessage[]): AIMessage {
    const lastHuman = messages.map((m, i) => (HumanMessage.isInstance(m) ? i : -1)).filter((i) => i >= 0).pop() ?? -1;
    // The rules read the first 1,000 characters: a question is a few sentences, and work stays bounded whatever is sent.
    const question = questionOf(String(messages[lastHuman]?.content ?? '')).slice(0, QUESTION_CHARS);
    const turn = messages.slice(lastHuman + 1);
    const results = turn.filter((m): m is ToolMessage => ToolMessage.isInstance(m)).map((m) => ({ name: m.name ?? '', result: m.artifact ?? parse(String(m.content)) }));
    const called = turn.some((m) => AIMessage.isInstance(m) && (m.tool_calls?.length ?? 0) > 0);
    const thread = threadStateIn(String(messages[lastHuman]?.content ?? ''));
    const calls = (called ? followUpTools(question, results, thread) : planTools(question, thread)).filter((c) => this.boundTools.includes(c.name));
    if (calls.length > 0) {
      const first = results.length + 1;
      return new AIMessage({ content: '', tool_calls: calls.map((c, i) => ({ name: c.name, args: c.args, id: `call_${first + i}`, type: 'tool_call' as const })) });
    }
    return new AIMessage({ content: composeAnswer(question, results, thread) });
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    options.signal?.throwIfAborted();
    const message = this.respond(messages);
    return { generations: [{ text: String(message.content), message }] };
  }

  override async *_streamResponseChunks(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const message = this.respond(messages);
    if (message.tool_calls?.length) {
      yield new ChatGenerationChunk({
        text: '',
        message: new AIMessageChunk({ content: '', tool_call_chunks: message.tool_calls.map((c, index) => ({ name: c.name, args: JSON.stringify(c.args), id: c.id, index, type: 'tool_call_chunk' as const })) }),
      });
      return;
    }
    for (const word of String(message.content).split(/(?<=\s)/)) {
      // Cancel and the deadline stop the output here, mid-reply.
      options.signal?.throwIfAborted();
      if (this.options.streamDelayMs > 0) await sleep(this.options.streamDelayMs, undefined, { signal: options.signal });
      yield new ChatGenerationChunk({ text: word, message: new AIMessageChunk({ content: word }) });
      await runManager?.handleLLMNewToken(word);
    }
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

