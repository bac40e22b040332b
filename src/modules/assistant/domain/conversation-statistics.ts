export interface ConversationStatistics {
  total: number;
  byChannel: { channel: string; count: number }[];
  byStatus: { status: string; count: number }[];
  /** Conversations whose last visible message is the customer's. */
  awaitingReply: number;
  /** Conversations modified within the last `days`. */
  recent: { days: number; count: number };
  /** With a filter: how many conversations (not archived) meet all of it. */
  matching?: number;
}

/** Which conversations to count: those meeting every condition given. */
export interface ConversationFilter {
  channel?: string;
  status?: string;
  /** Whether the customer wrote last. */
  awaitingReply?: boolean;
}

export interface ConversationExcerpt {
  conversationId: string;
  channel: string;
  status: string;
  contactName: string | null;
  lastModified: Date;
  messages: { role: string; text: string; at: Date }[];
}

/** Port: the caller's dealership's conversations, from the conversations context. */
export abstract class ConversationInsights {
  /** The statuses a conversation can have, in their canonical spelling. */
  abstract readonly statuses: readonly string[];
  /** The channels every dealership's conversations come in on (a dealership may have others: its statistics' byChannel). */
  abstract readonly channels: readonly string[];
  abstract statistics(dealerId: string, recentDays: number, filter?: ConversationFilter): Promise<ConversationStatistics>;
  /** The conversation with its last messages (no debug messages); null when not the dealership's. */
  abstract excerpt(dealerId: string, conversationId: string, lastMessages: number): Promise<ConversationExcerpt | null>;
}
