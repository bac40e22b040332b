import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk } from '@langchain/core/messages';
import type { ToolRunnableConfig } from '@langchain/core/tools';
import { createAgent, tool } from 'langchain';
import { z } from 'zod';
import { AgentQuestion, AssistantAgent } from '../../domain/assistant-agent';
import { Toolbox, ToolDescriptor, ToolName, TOOLS } from '../../domain/assistant-tools';
import { markedForModel } from '../../domain/tool-data';
import { asData, SYSTEM_PROMPT, withThreadState } from './prompt';

/** A tool's zod schema from its descriptor (the registry is the one source of names and parameters). */
function schemaOf(descriptor: ToolDescriptor) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const p of descriptor.parameters) {
    const base = p.type === 'string' ? z.string().max(500) : p.type === 'integer' ? z.number().int() : p.type === 'boolean' ? z.boolean() : z.number();
    shape[p.name] = (p.required ? base : base.optional()).describe(p.description);
  }
  return z.object(shape);
}

/** At most this many model/tool steps per run: a model that loops ends the run instead of running forever. */
const RECURSION_LIMIT = 12;

/** Where a run's toolbox travels: the run's config, which only this adapter writes (never the model). */
const TOOLBOX_KEY = 'dealer_api_toolbox';

/**
 * The agent: LangChain's `createAgent` over any chat model that supports tool calling (the
 * built-in offline model or an OpenAI-compatible one), with the registry's tools. The agent is
 * built once (compiling its graph per run cost ~1.5 ms of CPU); each run passes its toolbox,
 * already bound to the caller's dealership, in the run's `configurable`, which the model's output
 * cannot reach: no tool parameter names a dealership. Model output streams to the listener; the
 * signal stops it mid-stream.
 */
export class LangChainAssistantAgent extends AssistantAgent {
  private readonly agent;

  constructor(
    chatModel: BaseChatModel,
    readonly model: { provider: string; name: string },
  ) {
    super();
    const tools = (TOOLS as readonly ToolDescriptor[]).map((descriptor) => tool(
      async (args: Record<string, unknown>, config: ToolRunnableConfig) => {
        const toolbox = (config.configurable as Record<string, Toolbox | undefined> | undefined)?.[TOOLBOX_KEY];
        if (!toolbox) throw new Error('the run has no toolbox');
        // The model reads the result with its feed and customer text marked as data; the raw result
        // travels as the message's artifact (the offline model reads that one).
        const result = await toolbox.call(descriptor.name as ToolName, args);
        return [JSON.stringify(markedForModel(result)), result];
      },
      { name: descriptor.name, description: descriptor.description, schema: schemaOf(descriptor), responseFormat: 'content_and_artifact' },
    ));
    this.agent = createAgent({ model: chatModel, tools, systemPrompt: SYSTEM_PROMPT });
  }

  async answer(q: AgentQuestion): Promise<string> {
    const messages = [
      ...q.history.map((m) => ({ role: m.role, content: m.role === 'user' ? asData(m.content) : m.content })),
      { role: 'user' as const, content: withThreadState(asData(q.question), q.thread) },
    ];
    let reply = '';
    const stream = await this.agent.stream({ messages }, {
      streamMode: 'messages', configurable: { [TOOLBOX_KEY]: q.toolbox }, signal: q.signal, recursionLimit: RECURSION_LIMIT,
    });
    for await (const [message, metadata] of stream) {
      // Text from the model node only (tool messages are the toolbox's, reported as events already),
      // streamed in chunks or, from a model that does not stream, whole; a turn that calls tools is not the reply.
      if ((metadata as { langgraph_node?: string }).langgraph_node !== 'model_request') continue;
      if (!AIMessageChunk.isInstance(message) && !AIMessage.isInstance(message)) continue;
      if (message.tool_calls?.length || (AIMessageChunk.isInstance(message) && message.tool_call_chunks?.length)) continue;
      const text = typeof message.content === 'string' ? message.content : '';
      if (!text) continue;
      reply += text;
      await q.listener.output(text);
    }
    return reply;
  }
}
