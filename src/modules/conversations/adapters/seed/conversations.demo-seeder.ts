import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../../../../libs/common/persistence/unit-of-work';
import { DemoSeeder } from '../../../../../libs/common/seed/demo-seed.registry';
import { addressKindOf, Attachment, Contact, Conversation, isVisibleInChats, MessageRole } from '../../domain/conversation';
import { ConversationRepository, NewMessage } from '../../domain/conversation.repository';

interface Scenario {
  channel: 'sms' | 'email' | 'webchat';
  status: 'Active' | 'Ended' | 'Paused';
  contact: { fullName: string; firstName: string; lastName: string; phone: string | null; email: string | null } | null;
  archived?: boolean;
  spam?: boolean;
  adf?: boolean;
  flags?: string[];
  /** Days before now when the conversation started. */
  startedDaysAgo: number;
  subject?: string;
  messages: [MessageRole, string, Attachment[]?][];
}

const photo = (name: string): Attachment => ({ contentType: 'image/jpeg', contentUrl: `https://demo-motors.example.com/media/${name}`, content: null, name });
const pdf = (name: string): Attachment => ({ contentType: 'application/pdf', contentUrl: `https://demo-motors.example.com/docs/${name}`, content: null, name });

const SCENARIOS: Scenario[] = [
  {
    channel: 'sms', status: 'Active', startedDaysAgo: 0.2, flags: ['hot-lead'],
    contact: { fullName: 'Ana Ruiz', firstName: 'Ana', lastName: 'Ruiz', phone: '+14165550101', email: 'ana.ruiz@example.com' },
    messages: [
      ['user', 'Hi, is the 2022 Honda Civic EX on your site still available?'],
      ['debug', 'intent=inventory_availability vin=2HGFE2F59NH512345 confidence=0.94'],
      ['assistant', 'Hi Ana! Yes, the 2022 Civic EX (stock H2231) is available. Would you like to book a test drive?'],
      ['user', 'Yes, Saturday morning if possible.'],
      ['debug', 'tool=book_test_drive slot=2025-11-22T10:00 result=ok'],
      ['assistant', 'You are booked for Saturday at 10:00. See you then!'],
    ],
  },
  {
    channel: 'sms', status: 'Paused', startedDaysAgo: 1.5, flags: ['needs-human'],
    contact: { fullName: 'Marc Tremblay', firstName: 'Marc', lastName: 'Tremblay', phone: '+15145550177', email: null },
    messages: [
      ['user', 'What would my payments be on the RAV4 with $3,000 down?'],
      ['debug', 'intent=finance_quote handoff=true reason=credit_question'],
      ['assistant', 'Let me connect you with our finance manager for an exact figure.'],
      ['agent', 'Hi Marc, this is Julie from finance. About $489/month over 72 months at 6.49%. Want me to send the details?'],
      ['user', 'Please do.'],
      ['agent', 'Sent! Here is the quote.', [pdf('rav4-finance-quote.pdf')]],
    ],
  },
  {
    channel: 'email', status: 'Active', startedDaysAgo: 0.6, adf: true, subject: 'New lead: 2024 Toyota Camry SE',
    contact: { fullName: 'Priya Natarajan', firstName: 'Priya', lastName: 'Natarajan', phone: '+16475550142', email: 'priya.n@example.com' },
    messages: [
      ['system', 'ADF lead received from autotrader.ca: 2024 Toyota Camry SE, stock T4410.'],
      ['debug', 'adf.parse ok vehicle=2024 Toyota Camry SE provider=autotrader.ca'],
      ['assistant', 'Hi Priya, thanks for your interest in the 2024 Camry SE. It is on the lot today. When would you like to see it?'],
    ],
  },
  {
    channel: 'webchat', status: 'Ended', startedDaysAgo: 3,
    contact: { fullName: 'Daniel Okafor', firstName: 'Daniel', lastName: 'Okafor', phone: null, email: 'd.okafor@example.com' },
    messages: [
      ['user', 'What are your service hours on Saturday?'],
      ['assistant', 'Our service department is open Saturday 09:00 to 16:00.'],
      ['user', 'Thanks!'],
      ['system', 'Chat ended by the visitor.'],
    ],
  },
  {
    channel: 'sms', status: 'Ended', startedDaysAgo: 12, archived: true,
    contact: { fullName: 'Sophie Martin', firstName: 'Sophie', lastName: 'Martin', phone: '+14385550133', email: null },
    messages: [
      ['agent', 'Hi Sophie, your winter tires are installed and the car is ready for pickup.'],
      ['user', 'Great, I will be there at 5.'],
    ],
  },
  {
    channel: 'sms', status: 'Ended', startedDaysAgo: 2, spam: true, flags: ['spam'],
    contact: { fullName: '', firstName: '', lastName: '', phone: '+18885550199', email: null },
    messages: [
      ['user', 'CONGRATULATIONS! You have won a $500 gift card. Click http://win.example.net to claim.'],
      ['debug', 'spam_score=0.98 action=suppress_reply'],
    ],
  },
  {
    channel: 'email', status: 'Paused', startedDaysAgo: 5, subject: 'Trade-in appraisal',
    contact: { fullName: 'Liam Chen', firstName: 'Liam', lastName: 'Chen', phone: '+16045550188', email: 'liam.chen@example.com' },
    messages: [
      ['user', 'Can you appraise my 2017 Mazda CX-5 (98,000 km)? Photos attached.', [photo('cx5-front.jpg'), photo('cx5-interior.jpg')]],
      ['assistant', 'Thanks Liam! Based on the photos and mileage, our preliminary range is $14,500 to $16,000.'],
      ['agent', 'Hi Liam, I can confirm the number after a quick inspection. Does Tuesday work?'],
    ],
  },
  {
    channel: 'webchat', status: 'Active', startedDaysAgo: 0.05, contact: null,
    messages: [
      ['user', 'Do you have any used F-150s under $35k?'],
      ['debug', 'search filter=manufacturer:Ford model:F-150 condition:used price<=35000 results=3'],
      ['assistant', 'We have three: a 2018 XLT ($31,900), a 2019 XL ($33,500) and a 2017 Lariat ($34,800). Want details on one?'],
    ],
  },
  {
    channel: 'email', status: 'Ended', startedDaysAgo: 20, archived: true, adf: true, subject: 'New lead: 2023 Honda CR-V',
    contact: { fullName: 'Olivia Brown', firstName: 'Olivia', lastName: 'Brown', phone: null, email: 'olivia.brown@example.com' },
    messages: [
      ['system', 'ADF lead received from honda.ca: 2023 Honda CR-V EX-L.'],
      ['assistant', 'Hi Olivia, the CR-V EX-L you asked about has been sold, but we have a 2024 in the same colour. Interested?'],
      ['user', 'No thanks, I bought elsewhere.'],
    ],
  },
  {
    channel: 'sms', status: 'Active', startedDaysAgo: 0.9,
    contact: { fullName: 'Noah Wilson', firstName: 'Noah', lastName: 'Wilson', phone: '+14165550155', email: 'noah.w@example.com' },
    messages: [
      ['agent', 'Hi Noah, this is Demo Motors. Your lease ends in 60 days; would you like to see your upgrade options?'],
      ['user', 'Sure, what do you have in hybrids?'],
      ['assistant', 'The 2025 Corolla Hybrid and RAV4 Hybrid are both available. Here is the Corolla.', [photo('corolla-hybrid.jpg')]],
    ],
  },
  {
    channel: 'webchat', status: 'Ended', startedDaysAgo: 7, spam: true,
    contact: { fullName: 'SEO Services', firstName: '', lastName: '', phone: null, email: 'rank1@seo-spam.example.net' },
    messages: [['user', 'We can get your dealership to #1 on Google in 7 days! Reply for pricing.'], ['debug', 'spam_score=0.91']],
  },
  {
    channel: 'sms', status: 'Paused', startedDaysAgo: 9, archived: true,
    contact: { fullName: 'Emma Roy', firstName: 'Emma', lastName: 'Roy', phone: '+14185550111', email: null },
    messages: [['user', 'Please stop texting me.'], ['system', 'Contact opted out of SMS.']],
  },
];

/** `demo seed`: conversations across channels and statuses, with debug messages, archived, spam and ADF ones. */
@Injectable()
export class ConversationsDemoSeeder implements DemoSeeder {
  readonly name = 'conversations';

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly conversations: ConversationRepository,
  ) {}

  async seed(dealerId: string): Promise<Record<string, unknown>> {
    const now = Date.now();
    let messages = 0;
    const w = this.conversations;
    await this.unitOfWork.run(async () => {
      for (const scenario of SCENARIOS) {
        const created = new Date(now - scenario.startedDaysAgo * 24 * 3600 * 1000);
        // Messages a few minutes apart from the start.
        const at = (i: number) => new Date(created.getTime() + i * 4 * 60 * 1000);
        let contact: Contact | null = null;
        if (scenario.contact) {
          contact = { id: randomUUID(), dealerId, ...scenario.contact, createdAt: created, updatedAt: created };
          await w.insertContact(contact);
        }
        const id = randomUUID();
        const stored: NewMessage[] = scenario.messages.map(([role, text, attachments], i) => ({
          dealerId, conversationId: id, role, text, subject: i === 0 ? (scenario.subject ?? null) : null, attachments: attachments ?? [],
          dateCreated: at(i), externalId: null,
          delivery: role === 'agent' ? { status: 'sent', attempts: 1, lastError: null, sentAt: at(i) } : null,
          destination: role === 'agent' && contact ? contact[addressKindOf(scenario.channel)] : null,
        }));
        const lastUser = [...stored].reverse().find((m) => m.role === 'user');
        const conversation: Conversation = {
          id, dealerId, contactId: contact?.id ?? null, channel: scenario.channel, status: scenario.status,
          isArchived: scenario.archived ?? false, isLikelySpam: scenario.spam ?? false, isAdf: scenario.adf ?? false, flags: scenario.flags ?? [],
          messageCount: stored.length, visibleMessageCount: stored.filter((m) => isVisibleInChats(m.role)).length,
          createdDate: created, lastOnlineDate: lastUser?.dateCreated ?? null, lastModifiedDate: stored[stored.length - 1]?.dateCreated ?? created,
        };
        await w.insertConversation(conversation);
        await w.insertMessages(stored);
        messages += stored.length;
      }
    });
    return { conversations: SCENARIOS.length, messages };
  }
}
