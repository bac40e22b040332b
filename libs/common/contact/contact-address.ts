/** Shared kernel of the contexts that talk to customers (conversations, engagement). */

/** Channels are compared trimmed and lower-cased. */
export function normaliseChannel(channel: string): string {
  return channel.trim().toLowerCase();
}

/** Emails are stored, compared and fingerprinted trimmed and lower-cased (the one place that does it). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
