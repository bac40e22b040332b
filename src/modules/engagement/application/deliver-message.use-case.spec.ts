import { ConversationRepository, OutboundForDelivery } from '../../conversations/domain/conversation.repository';
import { MessagingEngine, OutboundMessage, SendReceipt } from '../domain/messaging-engine';
import { DealershipLookup } from './dealership-lookup';
import { DeliverMessageUseCase } from './deliver-message.use-case';

class RecordingEngine extends MessagingEngine {
  readonly name = 'recording';
  readonly sent: OutboundMessage[] = [];
  send(message: OutboundMessage): Promise<SendReceipt> {
    this.sent.push(message);
    return Promise.resolve({ externalId: null });
  }
}

const outbound = (over: Partial<OutboundForDelivery>): OutboundForDelivery => ({
  messageId: '1', dealerId: 'd', conversationId: 'c', channel: 'email', text: 'Hi', subject: null, attachments: [],
  deliveryStatus: 'queued', destination: null,
  contact: { fullName: 'Ana Ruiz', email: 'now@example.com', phone: '+14165550101' },
  ...over,
});

async function deliver(found: OutboundForDelivery): Promise<OutboundMessage['to']> {
  const engine = new RecordingEngine();
  const conversations = { findOutbound: () => Promise.resolve(found), recordDelivery: () => Promise.resolve() } as unknown as ConversationRepository;
  const dealerships = { find: () => Promise.resolve(null) } as unknown as DealershipLookup;
  await new DeliverMessageUseCase(conversations, dealerships, engine).execute({ dealerId: 'd', messageId: '1' }, { attempt: 1, maxAttempts: 3, isFinalAttempt: false });
  return engine.sent[0].to;
}

describe(DeliverMessageUseCase.name, () => {
  it('sends an email to the destination recorded with the message, not the contact\'s current email', async () => {
    expect(await deliver(outbound({ destination: 'then@example.com' }))).toEqual({ fullName: 'Ana Ruiz', email: 'then@example.com', phone: '+14165550101' });
  });

  it('sends an sms to the recorded phone', async () => {
    expect(await deliver(outbound({ channel: 'sms', destination: '+14165550199' }))).toMatchObject({ phone: '+14165550199', email: 'now@example.com' });
  });

  it('sends to the recorded destination when the contact has no address (or no contact)', async () => {
    expect(await deliver(outbound({ destination: 'then@example.com', contact: null }))).toEqual({ fullName: null, email: 'then@example.com', phone: null });
  });

  it('falls back to the contact\'s address for a message recorded before destinations were stored', async () => {
    expect(await deliver(outbound({ destination: null }))).toEqual({ fullName: 'Ana Ruiz', email: 'now@example.com', phone: '+14165550101' });
  });
});
