import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk, type BaseMessage, HumanMessage, AIMessage, SystemMessage, ToolMessage, type ToolCall } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { tool } from 'langchain';
import { z } from 'zod';
import { AgentQuestion, AssistantAgent } from '../../domain/assistant-agent';
import { ToolDescriptor, ToolName, Toolbox, TOOLS } from '../../domain/assistant-tools';
import { asData, SYSTEM_PROMPT } from './prompt';

/** A tool's zod schema from its descriptor (the registry is the one source of names and parameters). */
function schemaOf(descriptor: ToolDescriptor) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const p of descriptor.parameters) {
    const base = p.type === 'string' ? z.string().max(500) : p.type === 'integer' ? z.number().int() : z.number();
    shape[p.name] = (p.required ? base : base.optional()).describe(p.description);
  }
  return z.object(shape);
}

/** At most this many model turns per run: a model that keeps calling tools ends the run instead of running forever. */
const MAX_MODEL_TURNS = 6;

/** Where a tool finds the run's toolbox: the invocation's config, which the model never sees nor writes. */
const TOOLBOX_KEY = 'assistant_toolbox';

/**
 * The agent: LangChain's tool-calling loop over any chat model that supports `bindTools` (the
 * built-in offline model or an OpenAI-compatible one): the model streams a turn; its tool calls
 * run through LangChain tools, whose results go back as tool messages; the turn without tool calls
 * is the reply. The loop is written here rather than taken from `createAgent`: the LangGraph
 * runtime under it cost ~6 ms of CPU per run for what these few lines do (README, assistant
 * benchmark). The tools and the model bound to them are built once; the run's toolbox, already
 * bound to the dealership, reaches them through the invocation config, so no tool parameter names
 * a dealership. Model output streams to the listener; the signal stops it mid-stream.
 */
export class LangChainAssistantAgent extends AssistantAgent {
  private readonly tools = new Map((TOOLS as readonly ToolDescriptor[]).map((descriptor) => [descriptor.name, tool(
    async (args: Record<string, unknown>, config?: RunnableConfig) => {
      const toolbox = config?.configurable?.[TOOLBOX_KEY] as Toolbox | undefined;
      if (!toolbox) throw new Error('no toolbox for this run');
      return JSON.stringify(await toolbox.call(descriptor.name as ToolName, args));
    },
    { name: descriptor.name, description: descriptor.description, schema: schemaOf(descriptor) },
  )]));
  private readonly boundModel;

  constructor(
    chatModel: BaseChatModel,
    readonly model: { provider: string; name: string },
  ) {
    super();
    if (!chatModel.bindTools) throw new Error(`the chat model ${model.name} cannot call tools`);
    this.boundModel = chatModel.bindTools([...this.tools.values()]);
  }

  async answer(q: AgentQuestion): Promise<string> {
    const messages: BaseMessage[] = [
      new SystemMessage(SYSTEM_PROMPT),
      ...q.history.map((m) => (m.role === 'user' ? new HumanMessage(asData(m.content)) : new AIMessage(m.content))),
      new HumanMessage(asData(q.question)),
    ];
    let reply = '';
    for (let turn = 1; ; turn++) {
      q.signal.throwIfAborted();
      const chunks: AIMessageChunk[] = [];
      let callsTools = false;
      for await (const chunk of await this.boundModel.stream(messages, { signal: q.signal })) {
        chunks.push(chunk);
        // Text only (a tool call is the toolbox's, reported as events already); a model that does not stream gives it whole.
        if (chunk.tool_call_chunks?.length || chunk.tool_calls?.length) {
          callsTools = true;
          continue;
        }
        const text = typeof chunk.content === 'string' ? chunk.content : '';
        if (!text) continue;
        reply += text;
        await q.listener.output(text);
      }
      if (!callsTools) return reply;
      // The turn whole, only when it calls tools (merging every chunk of a long reply costs more than the reply).
      const message = chunks.reduce((all, chunk) => all.concat(chunk));
      const calls = message.tool_calls ?? [];
      if (calls.length === 0) return reply;
      if (turn >= MAX_MODEL_TURNS) throw new Error(`the model still called tools after ${MAX_MODEL_TURNS} turns`);
      messages.push(message);
      for (const call of calls) messages.push(await this.callTool(call, q));
    }
  }

  /** One tool call, in order; a failing call (bad arguments, unknown tool) goes back to the model as an error, as LangChain's ToolNode does. */
  private async callTool(call: ToolCall, q: AgentQuestion): Promise<ToolMessage> {
    const id = call.id ?? '';
    const found = this.tools.get(call.name);
    if (!found) {
      return new ToolMessage({ content: `Error: tool ${call.name} does not exist; use one of ${[...this.tools.keys()].join(', ')}.`, tool_call_id: id, name: call.name, status: 'error' });
    }
    try {
      const output: unknown = await found.invoke({ ...call, type: 'tool_call' }, { signal: q.signal, configurable: { [TOOLBOX_KEY]: q.toolbox } });
      return ToolMessage.isInstance(output) ? output : new ToolMessage({ content: String(output), tool_call_id: id, name: call.name });
    } catch (err) {
      if (q.signal.aborted) throw err;
      return new ToolMessage({ content: `${String(err)}\n Please fix your mistakes.`, tool_call_id: id, name: call.name, status: 'error' });
    }
  }
}
