import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A check of a lead against the ADF 1.0 DTD (the auto-lead format's element order and required
 * elements, and the enumerated attributes we use): well-formed XML, the `<?adf version="1.0"?>`
 * instruction, and each element's children in the order its content model requires. Answers the
 * problems found (empty: valid).
 */
const CONTENT: Record<string, RegExp> = {
  adf: /^(prospect )+$/,
  prospect: /^(id )*requestdate (vehicle )+customer vendor (provider )?$/,
  vehicle: /^(id )*year make model (vin )?(stock )?(trim )?(doors )?(bodystyle )?(transmission )?(odometer )?(condition )?(colorcombination )*(imagetag )?(price )?(pricecomments )?(option )*(finance )?(comments )?$/,
  customer: /^contact (id )*(timeframe )?(comments )?$/,
  contact: /^(name )+(email )?(phone )*(address )?$/,
  vendor: /^(id )*vendorname (url )?contact $/,
  provider: /^(id )*name (service )?(url )?(email )?(phone )?(contact )?$/,
};
const TEXT_ONLY = new Set(['id', 'requestdate', 'year', 'make', 'model', 'vin', 'stock', 'trim', 'price', 'comments', 'name', 'email', 'phone', 'vendorname', 'url', 'service']);
const ATTRIBUTES: Record<string, Record<string, RegExp>> = {
  prospect: { status: /^(new|resend)$/ },
  vehicle: { interest: /^(buy|lease|sell|trade-in|test-drive)$/, status: /^(new|used)$/ },
  name: { part: /^(surname|given|middle|suffix|full)$/, type: /^(individual|business)$/ },
  price: { type: /^(quote|offer|msrp|invoice|call|appraisal|asking)$/, currency: /^[A-Z]{3}$/ },
  id: { sequence: /^\d+$/, source: /./ },
};

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

export function adfProblems(xml: string): string[] {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed: ${wellFormed.err.msg}`];
  if (!/<\?adf version="1\.0"\?>/.test(xml)) return ['no <?adf version="1.0"?> instruction'];
  const doc = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', ignoreDeclaration: true, ignorePiTags: true }).parse(xml) as Node[];
  const problems: string[] = [];
  const nameOf = (node: Node) => Object.keys(node).find((k) => k !== ':@')!;
  const visit = (node: Node, path: string) => {
    const name = nameOf(node);
    const children = (node[name] as Node[]).filter((c) => nameOf(c) !== '#text');
    const here = `${path}/${name}`;
    const model = CONTENT[name];
    if (model) {
      const sequence = children.map((c) => `${nameOf(c)} `).join('');
      if (!model.test(sequence)) problems.push(`${here}: children "${sequence.trim()}" do not match the ADF 1.0 content model`);
    } else if (!TEXT_ONLY.has(name)) problems.push(`${here}: not an element this check knows`);
    else if (children.length > 0) problems.push(`${here}: text only, has elements`);
    for (const [attribute, value] of Object.entries(node[':@'] ?? {})) {
      const allowed = ATTRIBUTES[name]?.[attribute];
      if (!allowed) problems.push(`${here}: attribute ${attribute} is not in the ADF 1.0 DTD`);
      else if (!allowed.test(value)) problems.push(`${here}: ${attribute}="${value}" is not allowed`);
    }
    children.forEach((c) => visit(c, here));
  };
  const roots = doc.filter((n) => nameOf(n) !== '#text');
  if (roots.length !== 1 || nameOf(roots[0]) !== 'adf') return ['the root element is not <adf>'];
  visit(roots[0], '');
  return problems;
}
