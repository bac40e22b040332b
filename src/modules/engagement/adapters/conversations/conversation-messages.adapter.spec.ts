import type {
  FindOutboundAwaitingHandOverUseCase, FindOutboundMessageUseCase, OutboundForDelivery, RecordDeliveryUseCase, RecordHandOverUseCase, RecordMessageUseCase,
} from '../../../conversations';
import { ConversationOutboundMessages } from './conversation-messages.adapter';

const outbound = (over: Partial<OutboundForDelivery>): OutboundForDelivery => ({
  messageId: '1', dealerId: 'd', conversationId: 'c', channel: 'email', text: 'Hi', subject: null, attachments: [],
  deliveryStatus: 'queued', handedOver: true, destination: null,
  contact: { fullName: 'Ana Ruiz', email: 'now@example.com', phone: '+14165550101' },
  ...over,
});

async function recipientOf(found: OutboundForDelivery) {
  const find = { execute: () => Promise.resolve(found) } as unknown as FindOutboundMessageUseCase;
  const adapter = new ConversationOutboundMessages(
    {} as RecordMessageUseCase, find, {} as RecordDeliveryUseCase, {} as FindOutboundAwaitingHandOverUseCase, {} as RecordHandOverUseCase,
  );
  return (await adapter.findToDeliver('d', '1'))!.to;
}

describe(ConversationOutboundMessages.name, () => {
  it('sends an email to the destination recorded with the message, not the contact\'s current email', async () => {
    expect(await recipientOf(outbound({ destination: 'then@example.com' }))).toEqual({ fullName: 'Ana Ruiz', email: 'then@example.com', phone: '+14165550101' });
  });

  it('sends an sms to the recorded phone', async () => {
    expect(await recipientOf(outbound({ channel: 'sms', destination: '+14165550199' }))).toMatchObject({ phone: '+14165550199', email: 'now@example.com' });
  });

  it('sends to the recorded destination when the contact has no address (or no contact)', async () => {
    expect(await recipientOf(outbound({ destination: 'then@example.com', contact: null }))).toEqual({ fullName: null, email: 'then@example.com', phone: null });
  });

  it('falls back to the contact\'s address for a message recorded before destinations were stored', async () => {
    expect(await recipientOf(outbound({ destination: null }))).toEqual({ fullName: 'Ana Ruiz', email: 'now@example.com', phone: '+14165550101' });
  });
});
