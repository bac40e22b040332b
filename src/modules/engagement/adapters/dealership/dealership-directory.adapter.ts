import { Injectable } from '@nestjs/common';
import { FindDealershipUseCase } from '../../../dealership';
import { DealershipDirectory, DealershipLeadRouting, DealershipSummary } from '../../domain/dealership-directory';

/** The dealership context's public use case, in engagement's words. */
@Injectable()
export class DealershipContextDirectory extends DealershipDirectory {
  constructor(private readonly findDealership: FindDealershipUseCase) {
    super();
  }

  async find(dealerId: string): Promise<DealershipSummary | null> {
    const dealership = await this.findDealership.execute(dealerId);
    if (!dealership) return null;
    return {
      id: dealership.id,
      name: dealership.name,
      region: dealership.region,
      outboundEmail: dealership.profile.reach_settings.email_outbound_address || null,
      phone: dealership.profile.phone_num[0]?.value || null,
    };
  }

  async leadRouting(dealerId: string): Promise<DealershipLeadRouting | null> {
    const dealership = await this.findDealership.execute(dealerId);
    if (!dealership) return null;
    const leads = dealership.profile.appointment_settings.lead_generation_settings;
    const chat = dealership.profile.portal_chat_settings;
    return {
      dealership: { id: dealership.id, name: dealership.name, region: dealership.region },
      destinations: {
        adfEmails: leads.is_adf_email ? leads.adf_email_to_emails : [],
        htmlEmails: leads.is_html_email ? leads.html_email_to_emails : [],
        chatUrl: chat.receive_notifications && chat.chat_notification_url ? chat.chat_notification_url : null,
      },
    };
  }
}
