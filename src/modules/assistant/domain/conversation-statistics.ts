export interface ConversationStatistics {
  total: number;
  byChannel: { channel: string; count: number }[];
  byStatus: { status: string; count: number }[];
  /** Conversations whose last visible message is the customer's. */
  awaitingReply: number;
  /** Conversations modified within the last `days`. */
  recent: { days: number; count: number };
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
  abstract statistics(dealerId: string, recentDays: number): Promise<ConversationStatistics>;
  /** The conversation with its last messages (no debug messages); null when not the dealership's. */
  abstract excerpt(dealerId: string, conversationId: string, lastMessages: number): Promise<ConversationExcerpt | null>;
}
