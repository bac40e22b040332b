import { adfProblems } from '../../../../test/support/adf';
import { adfXml, chatNotificationBody, HandOffLead, htmlSummary, planNotifications } from './hand-off-lead';

const DEALER = { id: 'acme', name: 'Acme & Sons Motors', region: 'CA' };
const lead = (over: Partial<HandOffLead> = {}): HandOffLead => ({
  dealerId: 'acme', key: '0b7f6a1e-0000-4000-8000-000000000001', threadId: '0b7f6a1e-0000-4000-8000-000000000002',
  requestedAt: new Date('2026-11-27T18:00:00.000Z'), request: 'Would you take $22,000 for <the> Civic?', interest: 'buy',
  prospect: { fullName: null, email: 'ana@example.com', phone: null },
  vehicles: [{ vin: '1HGCM82633A004352', condition: 'used', year: 2021, make: 'Honda', model: 'Civic', trim: 'EX', stockNumber: 'S123', price: 24500 }],
  ...over,
});
const SEND = { allowHttp: false, canSign: true };

describe('hand-off lead', () => {
  it('is ADF 1.0 with the car, its listed price in the dealership currency, and the request as comments', () => {
    const xml = adfXml(lead(), DEALER);
    expect(adfProblems(xml)).toEqual([]);
    expect(xml).toContain('<vin>1HGCM82633A004352</vin>');
    expect(xml).toContain('<price type="asking" currency="CAD">24500</price>');
    expect(xml).toContain('<comments>Would you take $22,000 for &lt;the&gt; Civic?</comments>');
    expect(xml).toContain('<email>ana@example.com</email>');
    expect(xml).toContain('<vendorname>Acme &amp; Sons Motors</vendorname>');
  });

  it('stays valid ADF when no car was named and no contact is known (a trade-in ask)', () => {
    const xml = adfXml(lead({ vehicles: [], prospect: { fullName: null, email: null, phone: null }, interest: 'trade-in' }), DEALER);
    expect(adfProblems(xml)).toEqual([]);
    expect(xml).toContain('interest="trade-in"');
  });

  it('the ADF check itself rejects a lead out of order', () => {
    const xml = adfXml(lead(), DEALER).replace(/<requestdate>.*<\/requestdate>\n/, '').replace('</prospect>', '<requestdate>2026</requestdate></prospect>');
    expect(adfProblems(xml)).toEqual([expect.stringContaining('/adf/prospect: children')]);
  });

  it('escapes customer text in the HTML email and states each listed price', () => {
    const html = htmlSummary(lead({ request: '<script>alert(1)</script> 5% off?' }), DEALER);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('listed at $24,500');
  });

  it('plans one copy per destination named, and fails at once what can never be reached', () => {
    const planned = planNotifications(lead(), {
      adfEmails: ['crm@acme.example', ' crm@acme.example ', ''], htmlEmails: ['sales@acme.example', 'not-an-address'], chatUrl: 'http://chat.acme.example/hook',
    }, DEALER, SEND);
    expect(planned.map((p) => [p.kind, p.to, p.status])).toEqual([
      ['adf_email', 'crm@acme.example', 'queued'],
      ['html_email', 'sales@acme.example', 'queued'],
      ['html_email', 'not-an-address', 'failed'],
      ['chat_notification', 'http://chat.acme.example/hook', 'failed'],
    ]);
    expect(planned[3].error).toMatch(/https/);
    expect(planNotifications(lead(), { adfEmails: [], htmlEmails: [], chatUrl: 'http://chat.acme.example/hook' }, DEALER, { allowHttp: true, canSign: true })[0].status).toBe('queued');
    expect(planNotifications(lead(), { adfEmails: [], htmlEmails: [], chatUrl: 'https://chat.acme.example/hook' }, DEALER, { allowHttp: false, canSign: false })[0].error).toMatch(/MESSAGING_ENGINE_SECRET/);
    expect(planNotifications(lead(), { adfEmails: [], htmlEmails: [], chatUrl: null }, DEALER, SEND)).toEqual([]);
  });

  it('sends the chat notification as JSON with the listed price of each car', () => {
    expect(JSON.parse(chatNotificationBody(lead()))).toMatchObject({
      type: 'assistant.hand_off', run_id: lead().key, vehicles: [{ vin: '1HGCM82633A004352', listed_price: 24500 }], customer: { email: 'ana@example.com' },
    });
  });
});

describe('hand-off lead, from messy input', () => {
  it('drops characters XML cannot carry, so the ADF stays well-formed', () => {
    const xml = adfXml(lead({ request: 'take 20k?\u000b\u001b ok \ud800' }), DEALER);
    expect(adfProblems(xml)).toEqual([]);
    expect(xml).toContain('<comments>take 20k? ok </comments>');
  });

  it("lists the dealership's cars as bought and the customer's trade-in as its own vehicle", () => {
    const xml = adfXml(lead({ interest: 'trade-in' }), DEALER);
    expect(adfProblems(xml)).toEqual([]);
    expect(xml.match(/<vehicle interest="(\w|-)+"/g)).toEqual(['<vehicle interest="buy"', '<vehicle interest="trade-in"']);
  });

  it('sends one copy per address whatever its case, and fails at once what no column can hold', () => {
    const long = `https://chat.example/${'x'.repeat(600)}`;
    const planned = planNotifications(lead(), { adfEmails: ['Sales@acme.example', 'sales@acme.example'], htmlEmails: [], chatUrl: long }, DEALER, SEND);
    expect(planned.map((p) => [p.kind, p.status])).toEqual([['adf_email', 'queued'], ['chat_notification', 'failed']]);
    expect(planned[1].to.length).toBeLessThanOrEqual(500);
  });
});
