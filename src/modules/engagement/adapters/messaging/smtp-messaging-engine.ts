import { createTransport, Transporter } from 'nodemailer';
import { MessagingEngine, OutboundMessage, PermanentDeliveryError, SendReceipt } from '../../domain/messaging-engine';

/** Email through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@mail.example.com:587). Email channel only. */
export class SmtpMessagingEngine extends MessagingEngine {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly defaultFrom: string | null,
    timeoutMs: number,
  ) {
    super();
    this.transport = createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  }

  async send(message: OutboundMessage): Promise<SendReceipt> {
    if (message.channel !== 'email') throw new PermanentDeliveryError(`the smtp messaging engine delivers email only, not ${message.channel}`);
    if (!message.to.email) throw new PermanentDeliveryError('the contact has no email address');
    const address = message.from.email ?? this.defaultFrom ?? 'no-reply@localhost';
    try {
      const info = (await this.transport.sendMail({
        from: { name: message.from.name, address },
        to: message.to.fullName ? { name: message.to.fullName, address: message.to.email } : message.to.email,
        subject: message.subject ?? `Message from ${message.from.name}`,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        headers: { 'X-Dealer-Message-Id': message.messageId },
      })) as { messageId?: string };
      return { externalId: info.messageId ?? null };
    } catch (err) {
      // 5xx replies are the server's final word (bad recipient, refused sender); the rest may pass on retry.
      const code = (err as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500) throw new PermanentDeliveryError(`SMTP ${code}: ${(err as Error).message}`);
      throw err;
    }
  }
}
