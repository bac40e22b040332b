import { randomUUID } from 'node:crypto';
import { Attachment, Contact, Conversation, MessageRole, isVisibleInChats } from '../../src/modules/conversations/domain/conversation';
import { ConversationRepository } from '../../src/modules/conversations/domain/conversation.repository';
import { UnitOfWork } from '../../libs/common/persistence/unit-of-work';
import { TestApp } from '../support/test-app';

export interface ConversationSpec {
  channel?: string;
  status?: string;
  archived?: boolean;
  spam?: boolean;
  adf?: boolean;
  flags?: string[];
  created: string;
  modified: string;
  online?: string | null;
  contact?: { fullName?: string; email?: string | null; phone?: string | null } | null;
  messages?: { role: MessageRole; text: string; attachments?: Attachment[]; at?: string }[];
}

/** Stores a conversation with exact dates through the repository port (as the demo seeder does). */
export async function seedConversation(t: TestApp, dealerId: string, spec: ConversationSpec): Promise<string> {
  const id = randomUUID();
  const created = new Date(spec.created);
  const messages = spec.messages ?? [];
  const w = t.app.get(ConversationRepository);
  await t.app.get(UnitOfWork).run(async () => {
    let contact: Contact | null = null;
    if (spec.contact !== null) {
      contact = {
        id: randomUUID(), dealerId, phone: spec.contact?.phone ?? null, email: spec.contact?.email ?? null,
        fullName: spec.contact?.fullName ?? 'Pat Customer', firstName: '', lastName: '', createdAt: created, updatedAt: created,
      };
      await w.insertContact(contact);
    }
    const conversation: Conversation = {
      id, dealerId, contactId: contact?.id ?? null, channel: spec.channel ?? 'sms', status: spec.status ?? 'Active',
      isArchived: spec.archived ?? false, isLikelySpam: spec.spam ?? false, isAdf: spec.adf ?? false, flags: spec.flags ?? [],
      messageCount: messages.length, visibleMessageCount: messages.filter((m) => isVisibleInChats(m.role)).length,
      createdDate: created, lastOnlineDate: spec.online ? new Date(spec.online) : null, lastModifiedDate: new Date(spec.modified),
    };
    await w.insertConversation(conversation);
    await w.insertMessages(messages.map((m, i) => ({
      dealerId, conversationId: id, role: m.role, text: m.text, subject: null, attachments: m.attachments ?? [],
      dateCreated: new Date(m.at ?? created.getTime() + i * 1000), externalId: null, delivery: null, destination: null,
    })));
  });
  return id;
}
