import type { Rule, RuleClass } from '../model';
import {
  ERROR_CODE_SET,
  ERROR_CODES,
  EVENT_TYPE_COUNT,
  EVENT_TYPE_NAMES,
  EVENT_TYPES,
  EVENT_TYPES_PER_ENDPOINT,
  IDEMPOTENCY_KEY_MAX,
  LIMIT_MAX,
  NO_API_ACCESS_PLANS,
  NO_CHECK_YET,
  NOT_SHOWN_REASON,
  MAY_WORDING,
  SHOULD_WORDING,
  RATE_LIMITS,
  REQUIREMENTS_CSV_HEADER,
  RULES,
  UPLOAD_MAX_BYTES_READINGS,
  isTestableClass,
  ruleById,
  rulesMatching,
  sections,
  toRequirementsCsv,
} from './index';

const ALL_CLASSES: readonly RuleClass[] = [
  'black-box',
  'needs-dashboard',
  'needs-mail',
  'needs-webhook',
  'not-observable',
  'not-shown',
];

/** The prefixes of the id scheme; `ERR-<CODE>` and `EVT-CAT-<type>` ids are checked separately. */
const NUMBERED_PREFIXES = [
  'OVERVIEW',
  'ENVELOPE',
  'RES-PROP',
  'RES-CONTRACT',
  'RES-RENT',
  'RES-DOC',
  'RES-HANDBOOK',
  'RES-COMPLIANCE',
  'RES-TEAM',
  'RES-CAL',
  'RES-OTHER',
  'STATE',
  'STATE-GAP',
  'ENDPOINTS',
  'PROP',
  'CONTRACT',
  'RENT-GET',
  'RENT-POST',
  'RENT-PATCH',
  'RENT-PDF',
  'RENT-EMAIL',
  'CAL',
  'TEAM',
  'COMPLIANCE',
  'OTHER',
  'DEPRECATED',
  'AUTH',
  'EVT-ENV',
  'EVT-REQ',
  'EVT-VERIFY',
  'EVT-DELIVERY',
  'EVT-GAP',
  'ERR',
  'LIMIT-RATE',
  'LIMIT',
  'VERSION',
];

const range = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);
const ids = (rules: readonly Rule[]): string[] => rules.map((rule) => rule.id);

/** A strict RFC 4180 parser, written independently of the exporter so the round trip proves something. */
function parseCsv(input: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < input.length) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
        if (i < input.length && input[i] !== ',' && input[i] !== '\r')
          throw new Error(`text after closing quote at ${i}`);
      } else {
        field += ch;
        i += 1;
      }
    } else if (ch === '"') {
      if (field !== '') throw new Error(`quote inside unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' && input[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (ch === '\n' || ch === '\r') {
      throw new Error(`bare line break outside quotes at ${i}`);
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

describe('rule catalogue: shape', () => {
  it('has a few hundred rules', () => {
    expect(RULES.length).toBeGreaterThanOrEqual(250);
  });

  it('has unique ids in the id scheme', () => {
    const seen = new Set<string>();
    const duplicates = ids(RULES).filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    expect(duplicates).toEqual([]);
    const malformed = ids(RULES).filter((id) => !/^[A-Z]+(-[A-Za-z0-9_.]+)+$/.test(id));
    expect(malformed).toEqual([]);
  });

  it('uses only the agreed prefixes', () => {
    const unknown = ids(RULES).filter((id) => {
      if (id.startsWith('EVT-CAT-')) return false;
      if (/^ERR-[A-Z_]+$/.test(id)) return false;
      const m = /^(.+)-(\d+)$/.exec(id);
      return m === null || !NUMBERED_PREFIXES.includes(m[1] ?? '');
    });
    expect(unknown).toEqual([]);
  });

  it('numbers each prefix 1..n without gaps', () => {
    const byPrefix = new Map<string, number[]>();
    for (const id of ids(RULES)) {
      const m = /^(.+)-(\d+)$/.exec(id);
      if (m === null) continue;
      const list = byPrefix.get(m[1] ?? '') ?? [];
      list.push(Number(m[2]));
      byPrefix.set(m[1] ?? '', list);
    }
    expect([...byPrefix.keys()].sort()).toEqual([...NUMBERED_PREFIXES].sort());
    for (const [prefix, numbers] of byPrefix) {
      const sorted = [...numbers].sort((a, b) => a - b);
      expect({ prefix, numbers: sorted }).toEqual({ prefix, numbers: sorted.map((_, i) => i + 1) });
    }
  });

  it('gives every rule non-empty text, a section path and a known class', () => {
    for (const rule of RULES) {
      expect({ id: rule.id, text: rule.text.trim().length > 0 }).toEqual({ id: rule.id, text: true });
      expect(rule.section).toMatch(/^[A-Z][^>]*[^ >]( > [A-Z][^>]*[^ >])*$/);
      expect(ALL_CLASSES).toContain(rule.class);
    }
  });

  it('gives every rule that is not black-box a reason', () => {
    const missing = RULES.filter((rule) => rule.class !== 'black-box' && (rule.notTestedReason ?? '').trim() === '');
    expect(ids(missing)).toEqual([]);
  });

  it('covers every part of the spec, in spec order', () => {
    const list = sections();
    expect(list[0]).toBe('Overview');
    expect(list[list.length - 1]).toBe('Versioning');
    const tops = [...new Set(list.map((section) => section.split(' > ')[0]))];
    expect(tops).toEqual([
      'Overview',
      'Resources',
      'States and transitions',
      'Endpoints',
      'Authentication',
      'Events',
      'Errors',
      'Limits',
      'Versioning',
    ]);
    for (const section of [
      'Endpoints > Rent',
      'Resources > Property handbook',
      'Limits > Rate limits',
      'Events > Event catalog',
    ]) {
      expect(list).toContain(section);
    }
    expect(new Set(list).size).toBe(list.length);
  });
});

describe('rule catalogue: spec numbering kept', () => {
  it.each([
    ['AUTH', 9],
    ['RENT-POST', 5],
    ['RENT-EMAIL', 9],
    ['EVT-DELIVERY', 6],
  ])('has %s-1..%i', (prefix, n) => {
    for (const id of range(prefix, n)) expect(ruleById(id)?.id).toBe(id);
  });

  it("has no AUTH rule beyond the spec's nine", () => {
    expect(ruleById('AUTH-10')).toBeUndefined();
  });

  it('quotes the spec on numbered rules', () => {
    expect(ruleById('AUTH-6')?.text).toContain('`401 REVOKED_KEY`');
    expect(ruleById('RENT-POST-4')?.text).toContain('`409 CONFLICT`');
    expect(ruleById('RENT-EMAIL-9')?.class).toBe('not-shown');
    expect(ruleById('EVT-DELIVERY-4')?.class).toBe('needs-dashboard');
  });

  it('classifies HTTPS_REQUIRED as black-box, tested only against production', () => {
    for (const id of ['AUTH-7', 'ERR-HTTPS_REQUIRED']) {
      expect(ruleById(id)?.class).toBe('black-box');
      expect(ruleById(id)?.notTestedReason).toMatch(/production/);
    }
  });
});

describe('rule catalogue: events', () => {
  it("holds the catalogue's event types, unique", () => {
    expect(EVENT_TYPES).toHaveLength(EVENT_TYPE_COUNT);
    expect(new Set(EVENT_TYPE_NAMES).size).toBe(EVENT_TYPE_COUNT);
  });

  it('has one EVT-CAT rule per event type, plus the changeover rule', () => {
    const cat = RULES.filter((rule) => rule.id.startsWith('EVT-CAT-') && rule.id !== 'EVT-CAT-CHANGEOVER');
    expect(cat).toHaveLength(EVENT_TYPE_COUNT);
    expect(ids(cat)).toEqual(EVENT_TYPE_NAMES.map((type) => `EVT-CAT-${type}`));
    for (const rule of cat) expect(rule.text).toMatch(/^fired when .+; data fields: .+$/);
    expect(ruleById('EVT-CAT-CHANGEOVER')?.text).toContain('`check_out`');
  });

  it("states each event's data fields", () => {
    expect(ruleById('EVT-CAT-rent.overdue')?.text).toBe(
      'fired when scheduled rent is past due and unpaid; data fields: rent_payment_id, contract_id, property_id, property_name, amount, due_date, days_overdue (integer)',
    );
  });
});

describe('rule catalogue: errors', () => {
  it('holds the 22 rows of the errors table', () => {
    expect(ERROR_CODES).toHaveLength(22);
    expect(ERROR_CODE_SET.size).toBe(22);
    expect(ERROR_CODES[0]).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      condition: '`Authorization` header missing, not Bearer, or key unknown or malformed',
    });
    const statusOf = new Map(ERROR_CODES.map((row) => [row.code, row.status]));
    expect(statusOf.get('RATE_LIMIT_EXCEEDED')).toBe(429);
    expect(statusOf.get('RATE_LIMIT_UNAVAILABLE')).toBe(503);
    expect(statusOf.get('ENDPOINT_DEPRECATED')).toBe(410);
    expect(statusOf.get('FILE_TOO_LARGE')).toBe(413);
    expect(statusOf.get('SERVER_ERROR')).toBe(500);
  });

  it('has an ERR-<CODE> rule for every row and none for other codes', () => {
    for (const row of ERROR_CODES) {
      const rule = ruleById(`ERR-${row.code}`);
      expect(rule?.text).toContain(`Status ${row.status}`);
      expect(rule?.text).toContain(row.condition);
    }
    const codeRules = ids(RULES).filter((id) => /^ERR-[A-Z_]+$/.test(id));
    expect(codeRules).toEqual(ERROR_CODES.map((row) => `ERR-${row.code}`));
  });
});

describe('rule catalogue: not shown', () => {
  it('classifies every "not shown" statement as not-shown', () => {
    const wrong = RULES.filter((rule) => /not shown/i.test(rule.text) && rule.class !== 'not-shown');
    expect(ids(wrong)).toEqual([]);
  });

  it('gives every not-shown rule the standard reason and says why in its text', () => {
    for (const rule of RULES.filter((r) => r.class === 'not-shown')) {
      expect({ id: rule.id, reason: rule.notTestedReason }).toEqual({ id: rule.id, reason: NOT_SHOWN_REASON });
      expect(rule.text).toMatch(/not (shown|given)/);
    }
  });

  it('maps every gap of the spec', () => {
    expect(rulesMatching('STATE-GAP-*')).toHaveLength(6);
    expect(rulesMatching('EVT-GAP-*')).toHaveLength(3);
    expect(ruleById('LIMIT-19')?.class).toBe('not-shown');
    expect(ruleById('VERSION-5')?.class).toBe('not-shown');
  });
});

describe('rulesMatching, ruleById, isTestableClass', () => {
  it('matches AUTH-* to the nine AUTH rules in order', () => {
    expect(ids(rulesMatching('AUTH-*'))).toEqual(range('AUTH', 9));
  });

  it('treats ? as one character and everything else literally', () => {
    expect(ids(rulesMatching('RENT-EMAIL-1?'))).toEqual(['RENT-EMAIL-10', 'RENT-EMAIL-11', 'RENT-EMAIL-12']);
    expect(ids(rulesMatching('EVT-CAT-rent.*'))).toEqual([
      'EVT-CAT-rent.overdue',
      'EVT-CAT-rent.created',
      'EVT-CAT-rent.updated',
      'EVT-CAT-rent.invoice_sent',
      'EVT-CAT-rent.due_soon',
    ]);
    expect(rulesMatching('EVT-CAT-rentXoverdue')).toEqual([]);
    expect(rulesMatching('AUTH-1')).toHaveLength(1);
    expect(rulesMatching('*').length).toBe(RULES.length);
  });

  it('is case-sensitive and anchored', () => {
    expect(rulesMatching('auth-*')).toEqual([]);
    expect(rulesMatching('UTH-1')).toEqual([]);
  });

  it('looks rules up by id', () => {
    expect(ruleById('AUTH-4')?.section).toBe('Authentication');
    expect(ruleById('NOPE-1')).toBeUndefined();
  });

  it('knows which classes a check can verify', () => {
    expect(ALL_CLASSES.filter(isTestableClass)).toEqual([
      'black-box',
      'needs-dashboard',
      'needs-mail',
      'needs-webhook',
    ]);
  });
});

describe('toRequirementsCsv', () => {
  const tricky: Rule = {
    id: 'TEST-1',
    section: 'Errors > "Quoted", with comma',
    text: 'Line one, with "quotes"\r\nline two\nline three\rend',
    class: 'black-box',
    level: 'MUST',
  };
  const notShown: Rule = {
    id: 'TEST-2',
    section: 'Limits',
    text: 'Quota: not shown.',
    class: 'not-shown',
    notTestedReason: NOT_SHOWN_REASON,
    level: 'not-shown',
  };
  const needsMail: Rule = {
    id: 'TEST-3',
    section: 'Rent',
    text: 'Sends mail.',
    class: 'needs-mail',
    notTestedReason: 'needs mail',
    level: 'MUST',
  };

  it('round-trips quotes, commas and line breaks', () => {
    const csv = toRequirementsCsv([tricky], new Map([['TEST-1', ['checkA', 'check,B']]]));
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ['rule', 'section', 'class', 'checks', 'not_tested_reason', 'text', 'level', 'quote'],
      ['TEST-1', tricky.section, 'black-box', 'checkA check,B', '', tricky.text, 'MUST', ''],
    ]);
    expect(csv).toContain('"Errors > ""Quoted"", with comma"');
  });

  it('quotes a field whose only special characters are line breaks', () => {
    const multiline: Rule = {
      id: 'TEST-4',
      section: 'Limits',
      text: 'one\ntwo\r\nthree',
      class: 'black-box',
      level: 'MUST',
    };
    const csv = toRequirementsCsv([multiline], new Map([['TEST-4', ['c1']]]));
    expect(csv.split('\r\n')[1]).toBe('TEST-4,Limits,black-box,c1,,"one\ntwo');
    expect(parseCsv(csv)[1]).toEqual(['TEST-4', 'Limits', 'black-box', 'c1', '', multiline.text, 'MUST', '']);
  });

  it('leaves plain fields unquoted', () => {
    const csv = toRequirementsCsv([notShown], new Map());
    expect(csv.split('\r\n')[1]).toBe(`TEST-2,Limits,not-shown,,${NOT_SHOWN_REASON},Quota: not shown.,not-shown,`);
  });

  it('gives the level and, where the text restates the spec, its verbatim quote', () => {
    const quoted: Rule = { ...needsMail, quote: 'sends an email, "always"' };
    expect(parseCsv(toRequirementsCsv([quoted], new Map()))[1]?.slice(6)).toEqual(['MUST', 'sends an email, "always"']);
  });

  it('says "no check yet" for a testable rule without checks, and the reason otherwise', () => {
    const rows = parseCsv(toRequirementsCsv([tricky, needsMail, notShown], new Map([['TEST-3', ['mailCheck']]])));
    expect(rows.map((row) => row[4])).toEqual(['not_tested_reason', NO_CHECK_YET, 'needs mail', NOT_SHOWN_REASON]);
    const withoutChecks = parseCsv(toRequirementsCsv([needsMail], new Map()));
    expect(withoutChecks[1]?.[4]).toBe(NO_CHECK_YET);
  });

  it('exports the whole catalogue as one parsable record per rule', () => {
    const rows = parseCsv(toRequirementsCsv(RULES, new Map()));
    expect(rows).toHaveLength(RULES.length + 1);
    for (const row of rows) expect(row).toHaveLength(REQUIREMENTS_CSV_HEADER.length);
    expect(rows.slice(1).map((row) => [row[0], row[5]])).toEqual(RULES.map((rule) => [rule.id, rule.text]));
  });
});

describe('limits data', () => {
  it('holds the rate-limit table', () => {
    expect(RATE_LIMITS.Portfolio).toEqual({
      readsPerMinute: 100,
      writesPerMinute: 30,
      readsPerDay: 10000,
      writesPerDay: 3000,
    });
    expect(RATE_LIMITS.Enterprise).toEqual({
      readsPerMinute: 500,
      writesPerMinute: 100,
      readsPerDay: 50000,
      writesPerDay: 10000,
    });
    expect(NO_API_ACCESS_PLANS).toEqual(['Essential', 'Professional']);
  });

  it("renders each plan row into rules with the table's numbers", () => {
    expect(ruleById('LIMIT-RATE-8')?.text).toBe('Portfolio plan: 100 reads per minute.');
    expect(ruleById('LIMIT-RATE-15')?.text).toBe('Enterprise plan: 10000 writes per day.');
    expect(ruleById('LIMIT-RATE-16')).toBeUndefined();
  });

  it('holds the other limits', () => {
    expect([LIMIT_MAX, IDEMPOTENCY_KEY_MAX, EVENT_TYPES_PER_ENDPOINT]).toEqual([500, 128, 32]);
    expect(UPLOAD_MAX_BYTES_READINGS).toEqual({ decimal: 10_000_000, binary: 10_485_760 });
  });
});

describe("requirement levels follow the spec's wording", () => {
  const LEVELS = ['MUST', 'SHOULD', 'MAY', 'not-shown'];
  it('every rule has a level', () => {
    for (const rule of RULES)
      expect({ id: rule.id, level: LEVELS.includes(rule.level) }).toEqual({ id: rule.id, level: true });
  });
  it('a rule is SHOULD exactly when its text is guidance ("should", "guidance")', () => {
    const mismatched = RULES.filter((r) => (r.level === 'SHOULD') !== SHOULD_WORDING.test(r.text)).map(
      (r) => `${r.id} (${r.level}): ${r.text}`,
    );
    expect(mismatched).toEqual([]);
    expect(RULES.filter((r) => r.level === 'SHOULD').map((r) => r.id)).toEqual(
      expect.arrayContaining(['EVT-DELIVERY-5', 'ERR-6']),
    );
  });
  it('every MAY rule grants a permission in its text ("may")', () => {
    const mays = RULES.filter((r) => r.level === 'MAY');
    expect(mays.length).toBeGreaterThan(0);
    expect(mays.filter((r) => !MAY_WORDING.test(r.text)).map((r) => r.id)).toEqual([]);
  });
  it('a rule is not-shown exactly when the spec leaves it to the deployment (class not-shown)', () => {
    expect(RULES.filter((r) => (r.level === 'not-shown') !== (r.class === 'not-shown')).map((r) => r.id)).toEqual([]);
  });
  it('the wording tests can fail: a MUST rule with guidance wording, a SHOULD rule without it', () => {
    expect(SHOULD_WORDING.test('Receivers should answer 2xx quickly')).toBe(true);
    expect(SHOULD_WORDING.test('Every response carries X-Service-Mode')).toBe(false);
  });
});
