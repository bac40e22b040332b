import { Provider } from '@nestjs/common';
import { AppConfig } from '../../../../config/app-config';
import { MessagingEngine } from '../../domain/messaging-engine';
import { HttpMessagingEngine } from './http-messaging-engine';
import { LogMessagingEngine } from './log-messaging-engine';
import { SmtpMessagingEngine } from './smtp-messaging-engine';

/** The engine chosen by MESSAGING_ENGINE (config validation guarantees its settings are present). */
export const messagingEngineProvider: Provider = {
  provide: MessagingEngine,
  inject: [AppConfig],
  useFactory: ({ messaging }: AppConfig): MessagingEngine => {
    switch (messaging.engine) {
      case 'smtp':
        return new SmtpMessagingEngine(messaging.smtpUrl!, messaging.smtpFrom, messaging.timeoutMs);
      case 'http':
        return new HttpMessagingEngine(messaging.engineUrl!, messaging.engineSecret!, messaging.timeoutMs);
      case 'log':
        return new LogMessagingEngine();
    }
  },
};
