/**
 * A hand-off lead (decisions.md section 9): a customer's request the assistant may not answer itself
 * (a price, a discount, a trade-in), passed to the dealership's people. Pure: what the lead says and
 * the three shapes it travels in (ADF 1.0 XML email, HTML email, signed JSON chat notification).
 */
interface LeadVehicle {
  vin: string;
  condition: string;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  stockNumber: string | null;
  /** The listed price; null when the car has none. */
  price: number | null;
}

export interface HandOffLead {
  dealerId: string;
  /** Idempotency: one lead per key (the assistant's run id). */
  key: string;
  threadId: string;
  requestedAt: Date;
  /** What the customer asked, in their words. */
  request: string;
  /** `trade-in` when the customer asked what their car is worth; else `buy`. */
  interest: 'buy' | 'trade-in';
  prospect: { fullName: string | null; email: string | null; phone: string | null };
  vehicles: LeadVehicle[];
}

/** Where the dealership's profile sends leads (appointment_settings.lead_generation_settings, portal_chat_settings). */
export interface LeadDestinations {
  adfEmails: string[];
  htmlEmails: string[];
  /** `chat_notification_url` when `receive_notifications`; else null. */
  chatUrl: string | null;
}

export type NotificationKind = 'adf_email' | 'html_email' | 'chat_notification';
export type NotificationStatus = 'queued' | 'retrying' | 'sent' | 'failed';

/** One destination's copy of a lead, as the outbox stores it. */
export interface PlannedNotification {
  kind: NotificationKind;
  to: string;
  subject: string | null;
  /** ADF XML, HTML, or the JSON body. */
  body: string;
  /** A plain-text alternative for the HTML email; null otherwise. */
  text: string | null;
  /** `failed` at once when the destination can never be reached (a chat URL that is not https). */
  status: 'queued' | 'failed';
  error: string | null;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Addresses once each, whatever their case (the outbox's unique key on MySQL ignores case). */
function distinct(values: readonly string[]): string[] {
  return [...new Map(values.map((v) => v.trim()).filter((v) => v !== '').map((v) => [v.toLowerCase(), v])).values()];
}

/** The outbox's column sizes: a longer destination can never be stored, a subject or error is cut to fit. */
const MAX_DESTINATION = 500;
const MAX_SUBJECT = 300;
const MAX_ERROR = 500;

/** How chat notifications may be sent here: over http too (development), and signed (a secret is configured). */
export interface ChatSending {
  allowHttp: boolean;
  canSign: boolean;
}

/** A chat notification goes signed, over https only unless development allows http. */
function chatUrlProblem(url: string, sending: ChatSending): string | null {
  if (!sending.canSign) return 'chat notifications are signed with MESSAGING_ENGINE_SECRET, which is not set';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'chat_notification_url is not a URL';
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && sending.allowHttp) return null;
  return 'chat_notification_url must be https (ALLOW_HTTP_NOTIFICATIONS=true allows http in development)';
}

/** The lead's copies, one per destination the profile names (an address that is not one fails at once). */
export function planNotifications(lead: HandOffLead, destinations: LeadDestinations, dealership: LeadDealership, sending: ChatSending): PlannedNotification[] {
  const planned: PlannedNotification[] = [];
  const email = (kind: NotificationKind, to: string, subject: string, body: string, text: string | null) => {
    const ok = to.length <= MAX_DESTINATION && EMAIL.test(to);
    planned.push({
      kind, to: to.slice(0, MAX_DESTINATION), subject: subject.slice(0, MAX_SUBJECT), body, text,
      status: ok ? 'queued' : 'failed', error: ok ? null : `${to.slice(0, 100)} is not an email address`.slice(0, MAX_ERROR),
    });
  };
  for (const to of distinct(destinations.adfEmails)) email('adf_email', to, leadSubject(lead, dealership), adfXml(lead, dealership), null);
  const html = distinct(destinations.htmlEmails);
  if (html.length > 0) {
    const body = htmlSummary(lead, dealership);
    const text = textSummary(lead);
    for (const to of html) email('html_email', to, leadSubject(lead, dealership), body, text);
  }
  if (destinations.chatUrl?.trim()) {
    const to = destinations.chatUrl.trim();
    const problem = to.length > MAX_DESTINATION ? `chat_notification_url is longer than ${MAX_DESTINATION} characters` : chatUrlProblem(to, sending);
    planned.push({ kind: 'chat_notification', to: to.slice(0, MAX_DESTINATION), subject: null, body: chatNotificationBody(lead), text: null, status: problem ? 'failed' : 'queued', error: problem });
  }
  return planned;
}

/** What a lead needs of the dealership: its name and the currency of its prices. */
export interface LeadDealership {
  id: string;
  name: string;
  region: string;
}

function currencyOf(region: string): string {
  return region.toUpperCase() === 'CA' ? 'CAD' : 'USD';
}

function carName(v: LeadVehicle): string {
  return [v.year, v.make, v.model, v.trim].filter((p) => p !== null && p !== '').join(' ') || `VIN ${v.vin}`;
}

function leadSubject(lead: HandOffLead, dealership: LeadDealership): string {
  const about = lead.vehicles.length > 0 ? carName(lead.vehicles[0]) : lead.interest === 'trade-in' ? 'a trade-in' : 'a price question';
  return `Lead from the ${dealership.name} assistant: ${about}`;
}

/** Characters XML 1.0 cannot carry (control characters but tab and line ends, lone surrogates, U+FFFE/FFFF): dropped. */
// eslint-disable-next-line no-control-regex -- the control characters are what it removes
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

function element(name: string, value: string | number | null, attributes = ''): string {
  return value === null || value === '' ? '' : `<${name}${attributes}>${xml(String(value))}</${name}>`;
}

/**
 * The ADF 1.0 lead (the auto industry's lead format that dealership CRMs read): the prospect's
 * elements in the order its DTD requires: id, requestdate, vehicle+, customer, vendor, provider.
 */
export function adfXml(lead: HandOffLead, dealership: LeadDealership): string {
  const currency = currencyOf(dealership.region);
  // The dealership's cars the customer asked about are bought; a trade-in adds the customer's own car,
  // unknown but for the request's words (comments). The DTD requires one vehicle (year, make, model) at least.
  const vehicles: (LeadVehicle | null)[] = [...lead.vehicles, ...(lead.interest === 'trade-in' || lead.vehicles.length === 0 ? [null] : [])];
  const vehicle = (v: LeadVehicle | null) => {
    const status = v?.condition === 'new' ? 'new' : 'used';
    const interest = v ? 'buy' : lead.interest;
    return [
      `    <vehicle interest="${interest}" status="${status}">`,
      `      <year>${v?.year ?? ''}</year>`,
      `      <make>${xml(v?.make ?? '')}</make>`,
      `      <model>${xml(v?.model ?? '')}</model>`,
      v ? `      ${element('vin', v.vin)}` : '',
      v ? `      ${element('stock', v.stockNumber)}` : '',
      v ? `      ${element('trim', v.trim)}` : '',
      v && v.price !== null ? `      <price type="asking" currency="${currency}">${v.price}</price>` : '',
      '    </vehicle>',
    ].filter((line) => line.trim() !== '').join('\n');
  };
  const p = lead.prospect;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    '<adf>',
    '  <prospect status="new">',
    `    <id sequence="1" source="dealer-api assistant">${xml(lead.key)}</id>`,
    `    <requestdate>${lead.requestedAt.toISOString()}</requestdate>`,
    ...vehicles.map(vehicle),
    '    <customer>',
    '      <contact>',
    `        <name part="full">${xml(p.fullName ?? 'Assistant chat customer')}</name>`,
    p.email ? `        ${element('email', p.email)}` : '',
    p.phone ? `        ${element('phone', p.phone)}` : '',
    '      </contact>',
    `      ${element('comments', lead.request)}`,
    '    </customer>',
    '    <vendor>',
    `      ${element('vendorname', dealership.name)}`,
    '      <contact>',
    `        <name part="full">${xml(dealership.name)}</name>`,
    '      </contact>',
    '    </vendor>',
    '    <provider>',
    '      <name part="full">Dealer API assistant</name>',
    '    </provider>',
    '  </prospect>',
    '</adf>',
  ].filter((line) => line.trim() !== '').join('\n');
}

function html(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function price(v: LeadVehicle): string {
  return v.price === null ? 'no listed price' : `$${v.price.toLocaleString('en-US')}`;
}

/** The HTML email: the request, who asked, and each named car with its listed price. */
export function htmlSummary(lead: HandOffLead, dealership: LeadDealership): string {
  const p = lead.prospect;
  const contact = [p.fullName, p.email, p.phone].filter(Boolean).join(', ') || 'not given in the chat';
  const cars = lead.vehicles.length === 0
    ? '<p>No car was named.</p>'
    : `<ul>${lead.vehicles.map((v) => `<li>${html(carName(v))} (${v.condition}, VIN ${html(v.vin)}${v.stockNumber ? `, stock ${html(v.stockNumber)}` : ''}): listed at ${html(price(v))}</li>`).join('')}</ul>`;
  return [
    `<html><body>`,
    `<h2>${html(dealership.name)}: a customer asked for ${lead.interest === 'trade-in' ? 'a trade-in appraisal' : 'a price or a deal'}</h2>`,
    `<p><strong>Request:</strong> ${html(lead.request)}</p>`,
    `<p><strong>Customer:</strong> ${html(contact)}</p>`,
    `<p><strong>Cars:</strong></p>${cars}`,
    `<p>Received ${html(lead.requestedAt.toISOString())} by the assistant (thread ${html(lead.threadId)}, run ${html(lead.key)}). The assistant agreed to nothing; please follow up.</p>`,
    `</body></html>`,
  ].join('\n');
}

/** The HTML email's plain-text alternative. */
function textSummary(lead: HandOffLead): string {
  const p = lead.prospect;
  return [
    `Request: ${lead.request}`,
    `Customer: ${[p.fullName, p.email, p.phone].filter(Boolean).join(', ') || 'not given in the chat'}`,
    ...lead.vehicles.map((v) => `Car: ${carName(v)} (${v.condition}, VIN ${v.vin}), listed at ${price(v)}`),
    `Thread ${lead.threadId}, run ${lead.key}, ${lead.requestedAt.toISOString()}`,
  ].join('\n');
}

/** The chat notification's JSON body (signed when it is sent). */
export function chatNotificationBody(lead: HandOffLead): string {
  return JSON.stringify({
    type: 'assistant.hand_off',
    lead_id: lead.key,
    dealer_id: lead.dealerId,
    thread_id: lead.threadId,
    run_id: lead.key,
    requested_at: lead.requestedAt.toISOString(),
    interest: lead.interest,
    request: lead.request,
    customer: { full_name: lead.prospect.fullName, email: lead.prospect.email, phone: lead.prospect.phone },
    vehicles: lead.vehicles.map((v) => ({
      vin: v.vin, condition: v.condition, year: v.year, make: v.make, model: v.model, trim: v.trim, stock_number: v.stockNumber, listed_price: v.price,
    })),
  });
}
