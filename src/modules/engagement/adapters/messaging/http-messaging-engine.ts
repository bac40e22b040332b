import { MessagingEngine, OutboundMessage, PermanentDeliveryError, SendReceipt } from '../../domain/messaging-engine';
import { SIGNATURE_HEADER, sign } from './hmac-signature';

/**
 * POSTs each message as JSON to `MESSAGING_ENGINE_URL`, signed: `X-Messaging-Signature:
 * sha256=<hex HMAC-SHA256 of the raw body under MESSAGING_ENGINE_SECRET>`. 2xx is sent; 408, 429
 * and 5xx (and network errors) are retried; other 4xx fail at once.
 */
export class HttpMessagingEngine extends MessagingEngine {
  readonly name = 'http';

  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async send(message: OutboundMessage): Promise<SendReceipt> {
    const body = JSON.stringify({
      message_id: message.messageId,
      dealer_id: message.dealerId,
      conversation_id: message.conversationId,
      channel: message.channel,
      to: { full_name: message.to.fullName, email: message.to.email, phone: message.to.phone },
      from: { name: message.from.name, email: message.from.email, phone: message.from.phone },
      subject: message.subject,
      text: message.text,
      // An HTML body only where there is one (a hand-off lead's summary).
      ...(message.html ? { html: message.html } : {}),
      attachments: message.attachments.map((a) => ({ content_type: a.contentType, content_url: a.contentUrl, content: a.content ?? null, name: a.name })),
      attempt: message.attempt,
    });
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [SIGNATURE_HEADER]: sign(body, this.secret),
          // The engine can drop a retry of a message it already took.
          'Idempotency-Key': `message-${message.messageId}`,
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new Error(`messaging engine unreachable: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const text = await response.text().catch(() => '');
    if (response.ok) {
      let externalId: string | null = null;
      try {
        const parsed = JSON.parse(text) as { id?: unknown };
        if (typeof parsed.id === 'string') externalId = parsed.id;
      } catch {
        // A body is optional.
      }
      return { externalId };
    }
    const detail = `messaging engine answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) throw new PermanentDeliveryError(detail);
    throw new Error(detail);
  }
}
