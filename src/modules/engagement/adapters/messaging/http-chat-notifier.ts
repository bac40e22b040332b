import { ChatNotifier } from '../../domain/chat-notifier';
import { PermanentDeliveryError } from '../../domain/messaging-engine';
import { SIGNATURE_HEADER, sign } from './hmac-signature';

/**
 * A hand-off's chat notification: a JSON POST to the dealership's `chat_notification_url`, signed
 * as the messaging engine's calls are (`X-Messaging-Signature: sha256=<hex HMAC of the body>`). No
 * redirect is followed (a redirect could carry the lead elsewhere); 2xx is sent; 408, 429, 5xx and
 * network errors are retried; other answers fail at once.
 */
export class HttpChatNotifier extends ChatNotifier {
  constructor(
    private readonly secret: string | null,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async post(url: string, body: string, idempotencyKey: string): Promise<void> {
    if (!this.secret) throw new PermanentDeliveryError('chat notifications are signed with MESSAGING_ENGINE_SECRET, which is not set');
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: sign(body, this.secret), 'Idempotency-Key': idempotencyKey },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new Error(`chat notification URL unreachable: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    const text = await response.text().catch(() => '');
    if (response.ok) return;
    const detail = `chat notification URL answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
    if (response.status >= 300 && response.status < 400) throw new PermanentDeliveryError(`${detail} (redirects are not followed)`);
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) throw new PermanentDeliveryError(detail);
    throw new Error(detail);
  }
}
