/**
 * The offline model on conversation counts: which conversations a question counts (its channel,
 * status and whether they await a reply) as conversation_statistics arguments, and the sentences
 * for the result. Every count it writes is copied from the result.
 */

/** The filters of conversation_statistics, as the tool takes them. */
export interface StatisticsFilter {
  channel?: string;
  status?: string;
  awaiting_reply?: boolean;
}

type FilterKey = keyof StatisticsFilter;
const FILTER_KEYS: readonly FilterKey[] = ['channel', 'status', 'awaiting_reply'];

/** A word that only names a conversation ("chats", "threads") is no channel: web chat needs a word that makes it the channel. */
const CHANNEL_WORDS: readonly { channel: string; words: RegExp }[] = [
  { channel: 'sms', words: /\b(sms|txts?|texts|texting|texted|text(?=[\s-]+(messages?|threads?|convos?|conversations?|chats?|leads?|inquir)))\b|\b(by|via|over|through|on)\s+text\b/i },
  { channel: 'email', words: /\b(e-?mails?|mail)\b/i },
  { channel: 'webchat', words: /\b(web[\s-]?chats?|(web)?site[\s-]chats?|live[\s-]chats?|chat[\s-]widget)\b|\b(by|via|over|through|on)\s+(the\s+)?(web\s?)?chat\b/i },
];
/** How a reply names a channel; one it does not know, as the dealership stores it. */
const CHANNEL_LABELS: Readonly<Record<string, string>> = { sms: 'SMS', email: 'email', webchat: 'web chat' };

const STATUS_WORDS: readonly { status: string; words: RegExp }[] = [
  // "active in the last 7 days" is recent activity (the statistics' `recent`), not the status.
  { status: 'Active', words: /\b(active|ongoing|in progress)\b(?!\s+(in|within|during|over|since|this|last|recently|lately|today|yesterday)\b)/i },
  { status: 'Paused', words: /\b(paused|on hold)\b/i },
  { status: 'Ended', words: /\b(ended|closed|finished)\b/i },
];

/** The customer is waiting for the dealership ("waiting on us", "need a reply", "unanswered", "haven't replied"). */
const AWAITING = /\b(waiting|await\w*|unanswered|unreplied|need(s|ing)?\s+(an?\s+)?(repl(y|ies)|responses?|answers?))\b|(\bnot|n't)\s+(yet\s+)?(been\s+)?(replied|answered|responded)\b/i;

/**
 * A question about the conversations counted just before: "of those", "among them", or one that
 * opens with "and"/"so"/"also" without naming conversations, or those awaiting a reply, anew ("and how many r sms?").
 */
const REFERS_BACK = /\b(of|among|out of|from)\s+(those|these|them)\b|^\s*(and|also|so|ok(ay)?)\b(?![^?.!]*\b(conversations?|convos?|threads?|chats?|waiting|await\w*)\b)/i;

/** The one value the question names from a table; none when it names none or several ("sms or email"). */
function oneOf<T extends { words: RegExp }>(table: readonly T[], question: string): T | undefined {
  const named = table.filter((entry) => entry.words.test(question));
  return named.length === 1 ? named[0] : undefined;
}

/** The filters the question itself names. */
function filterIn(question: string): StatisticsFilter {
  const channel = oneOf(CHANNEL_WORDS, question)?.channel;
  const status = oneOf(STATUS_WORDS, question)?.status;
  return {
    ...(channel ? { channel } : {}),
    ...(status ? { status } : {}),
    ...(AWAITING.test(question) ? { awaiting_reply: true } : {}),
  };
}

/** Whether a question names a channel of conversations ("email convos"): then "email" or "web" asks for no contact details. */
export function namesChannel(question: string): boolean {
  return CHANNEL_WORDS.some((c) => c.words.test(question));
}

/**
 * conversation_statistics' arguments for the question. `earlier`: the filter of the thread's last
 * count, which a question referring back to it narrows (its own filters replace those of the same kind).
 */
/** Whether the question narrows the conversations counted just before by a channel, a status or awaiting a reply ("how many of those r email"). */
export function narrowsCount(question: string): boolean {
  return REFERS_BACK.test(question) && Object.keys(filterIn(question)).length > 0;
}

export function statisticsArgs(question: string, earlier?: StatisticsFilter): Record<string, unknown> {
  const kept: StatisticsFilter = {};
  if (earlier && REFERS_BACK.test(question)) {
    for (const key of FILTER_KEYS) if (earlier[key] !== undefined) Object.assign(kept, { [key]: earlier[key] });
  }
  return { ...kept, ...filterIn(question) };
}

interface Statistics {
  total: number;
  byChannel: { channel: string; count: number }[];
  byStatus: { status: string; count: number }[];
  awaitingReply: number;
  recent: { days: number; count: number };
  matching?: { channel: string | null; status: string | null; awaiting_reply: boolean | null; count: number };
}

const labelOf = (channel: string) => CHANNEL_LABELS[channel] ?? channel;
const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

/** "paused SMS conversations awaiting a reply". */
function describe(filter: StatisticsFilter, n: number): string {
  const before = [filter.status?.toLowerCase(), filter.channel && labelOf(filter.channel)].filter(Boolean).join(' ');
  const after = filter.awaiting_reply === undefined ? '' : filter.awaiting_reply ? ' awaiting a reply' : ' not awaiting a reply';
  return `${before ? `${before} ` : ''}${plural(n, 'conversation')}${after}`;
}

/** "SMS and paused": what the narrowed conversations are. */
function predicate(filter: StatisticsFilter): string {
  return [
    filter.channel && labelOf(filter.channel), filter.status?.toLowerCase(),
    filter.awaiting_reply === undefined ? undefined : filter.awaiting_reply ? 'awaiting a reply' : 'not awaiting a reply',
  ].filter(Boolean).join(' and ');
}

/** How many conversations the one filter counts, as the result states it (null when it states none). */
function countOf(r: Statistics, key: FilterKey, filter: StatisticsFilter): number | null {
  if (key === 'channel') return r.byChannel.find((c) => c.channel === filter.channel)?.count ?? null;
  if (key === 'status') return r.byStatus.find((s) => s.status === filter.status)?.count ?? null;
  return filter.awaiting_reply ? r.awaitingReply : null;
}

/** What there is instead, when a channel or a status alone counts none: "(all 5 are active)", "(3 SMS, 2 email)". */
function instead(r: Statistics, filter: StatisticsFilter): string {
  const keys = FILTER_KEYS.filter((k) => filter[k] !== undefined);
  if (keys.length !== 1 || keys[0] === 'awaiting_reply') return '';
  const counts = keys[0] === 'channel'
    ? r.byChannel.map((c) => ({ n: c.count, name: labelOf(c.channel) }))
    : r.byStatus.map((s) => ({ n: s.count, name: s.status.toLowerCase() }));
  if (counts.length === 0) return '';
  if (counts.length === 1) return ` (all ${counts[0].n} are ${counts[0].name})`;
  return ` (${counts.map((c) => `${c.n} ${c.name}`).join(', ')})`;
}

/**
 * The reply's sentences for a conversation_statistics result: the totals when no filter was given;
 * else the count matching it, as a part of the earlier count when the question narrowed one.
 */
export function sayStatistics(result: unknown, question: string): string[] {
  const r = result as Statistics;
  const m = r.matching;
  if (!m) {
    // Several channels or statuses named ("sms vs email", "paused or ended"): each one's count, none being 0.
    const channels = CHANNEL_WORDS.filter((c) => c.words.test(question));
    const statuses = STATUS_WORDS.filter((st) => st.words.test(question));
    const each = [
      ...(channels.length > 1 ? channels.map((c) => `${r.byChannel.find((b) => b.channel === c.channel)?.count ?? 0} ${labelOf(c.channel)}`) : []),
      ...(statuses.length > 1 ? statuses.map((st) => `${r.byStatus.find((b) => b.status === st.status)?.count ?? 0} ${st.status.toLowerCase()}`) : []),
    ];
    if (each.length > 0) return [`Of the ${r.total} conversations (not counting archived ones): ${each.join(', ')}.`];
    // Every conversation not archived, by status ("Active", "Ended", ...): "open" would claim ended ones are.
    return [
      `There are ${r.total} conversations (${r.byStatus.map((b) => `${b.count} ${b.status.toLowerCase()}`).join(', ') || 'none'}), not counting archived ones; ${r.awaitingReply} are awaiting a reply.`,
      `${r.recent.count} were active in the last ${r.recent.days} days.`,
    ];
  }
  const filter: StatisticsFilter = {
    ...(m.channel !== null ? { channel: m.channel } : {}),
    ...(m.status !== null ? { status: m.status } : {}),
    ...(m.awaiting_reply !== null ? { awaiting_reply: m.awaiting_reply } : {}),
  };
  const asked = filterIn(question);
  const pick = (keys: FilterKey[]) => Object.fromEntries(keys.map((k) => [k, filter[k]])) as StatisticsFilter;
  const given = FILTER_KEYS.filter((k) => filter[k] !== undefined);
  const carried = given.filter((k) => asked[k] === undefined);
  const named = given.filter((k) => asked[k] !== undefined);
  // A narrowed count is said as a part of the one it narrows, when the result has that one.
  const base = carried.length === 1 && named.length > 0 ? countOf(r, carried[0], filter) : null;
  if (base) {
    return [`${m.count === 0 ? 'None' : m.count} of the ${base} ${describe(pick(carried), base)} ${m.count === 1 ? 'is' : 'are'} ${predicate(pick(named))}.`];
  }
  if (m.count > 0) return [`There ${m.count === 1 ? 'is' : 'are'} ${m.count} ${describe(filter, m.count)}.`];
  return [`There are no ${describe(filter, 0)}${instead(r, filter)}.`];
}
