import { Toolbox } from './assistant-tools';
import { ThreadState } from './thread-state';

/** What the agent reports while it works (each becomes a run event). */
interface AgentListener {
  toolCall(name: string, args: unknown): Promise<void>;
  toolResult(name: string, result: unknown): Promise<void>;
  /** Model output as it arrives (not yet grounded). */
  output(text: string): Promise<void>;
}

export interface AgentQuestion {
  /** The customer's or staff member's message: data, never instructions. */
  question: string;
  /** Earlier turns of the thread, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  /** What follow-ups in the question may refer to (the last search, the car in focus, the last estimate). */
  thread: ThreadState;
  toolbox: Toolbox;
  listener: AgentListener;
  /** Aborted on cancel and at the deadline: the agent stops between steps and during model output. */
  signal: AbortSignal;
}

/** Port: a tool-calling agent (LangChain) over a chat model (the built-in offline one, or an OpenAI-compatible endpoint). */
export abstract class AssistantAgent {
  abstract readonly model: { provider: string; name: string };
  /** The reply as the model wrote it (grounded afterwards by the use case). */
  abstract answer(question: AgentQuestion): Promise<string>;
}
