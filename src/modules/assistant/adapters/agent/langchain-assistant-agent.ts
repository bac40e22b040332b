import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk } from '@langchain/core/messages';
import { createAgent, tool } from 'langchain';
import { z } from 'zod';
import { AgentQuestion, AssistantAgent } from '../../domain/assistant-agent';
import { ToolDescriptor, ToolName, TOOLS } from '../../domain/assistant-tools';
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

/** At most this many model/tool steps per run: a model that loops ends the run instead of running forever. */
const RECURSION_LIMIT = 12;

/**
 * The agent: LangChain's `createAgent` over any chat model that supports tool calling (the
 * built-in offline model or an OpenAI-compatible one), with the run's toolbox as its tools. The
 * tools are built per run around a toolbox already bound to the dealership: no tool parameter
 * names a dealership. Model output streams to the listener; the signal stops it mid-stream.
 */
export class LangChainAssistantAgent extends AssistantAgent {
  constructor(
    private readonly chatModel: BaseChatModel,
    readonly model: { provider: string; name: string },
  ) {
    super();
  }

  async answer(q: AgentQuestion): Promise<string> {
    const tools = (TOOLS as readonly ToolDescriptor[]).map((descriptor) => tool(
      async (args: Record<string, unknown>) => JSON.stringify(await q.toolbox.call(descriptor.name as ToolName, args)),
      { name: descriptor.name, description: descriptor.description, schema: schemaOf(descriptor) },
    ));
    const agent = createAgent({ model: this.chatModel, tools, systemPrompt: SYSTEM_PROMPT });
    const messages = [
      ...q.history.map((m) => ({ role: m.role, content: m.role === 'user' ? asData(m.content) : m.content })),
      { role: 'user' as const, content: asData(q.question) },
    ];
    let reply = '';
    const stream = await agent.stream({ messages }, { streamMode: 'messages', signal: q.signal, recursionLimit: RECURSION_LIMIT });
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
