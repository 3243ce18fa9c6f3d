// GET /compliance/summary: every field of the spec, severities at their exact boundaries (fixture certificates
// expire at -1, 0, 30, 31, 60, 61, 90, 91 days from today), agreement with the properties' compliance.items.
import { Gate } from '../src/platform/limits/gate';
import { fixtureId } from '@ppapi/spec';
import { ManualClock } from '../src/platform/clock';
import { addDays } from '../src/platform/time/dates';
import { bandOf, epcView } from '../src/resources/compliance/epc';
import { complianceItem, severityFor, SEVERITY_ORDER, type Severity } from '../src/resources/compliance/severity';
import { complianceSummaryJson, type AttentionItem, type ComplianceSummary } from '../src/resources/compliance/summary';
import { SummaryCopies } from '../src/resources/compliance/summary-copies';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const T0 = new Date('2026-03-10T12:00:00.000Z');
const TODAY = '2026-03-10';
const DAY = 86_400_000;
const clock = new ManualClock(T0);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(async () => {
  await t.stop();
});
afterEach(() => {
  clock.set(T0);
});

const P = (i: number, landlord = 'harbour') => fixtureId(`property:${landlord}:${i}`);
const data = <T>(res: { payload: string }): T => (JSON.parse(res.payload) as { data: T }).data;
const summary = async (key: string = KEYS.enterpriseLive): Promise<ComplianceSummary> => {
  const res = await t.api('GET', '/compliance/summary', key);
  expect(res.statusCode).toBe(200);
  return data<ComplianceSummary>(res);
};
const item = (s: ComplianceSummary, propertyId: string, code: string) =>
  s.properties.find((p) => p.id === propertyId)!.items.find((i) => i.code === code)!;

describe('severity rules (unit)', () => {
  it.each([
    [-1, 'expired'],
    [0, 'critical'],
    [30, 'critical'],
    [31, 'urgent'],
    [60, 'urgent'],
    [61, 'due_soon'],
    [90, 'due_soon'],
    [91, 'ok'],
    [-400, 'expired'],
    [4000, 'ok'],
  ] as Array<[number, Severity]>)('%i days → %s', (days, severity) => {
    expect(severityFor(days)).toBe(severity);
    expect(
      complianceItem(
        { code: 'GAS_SAFETY', required: true, certificateExpiry: addDays(TODAY, days), renewalDate: null },
        TODAY,
      ),
    ).toEqual({
      code: 'GAS_SAFETY',
      required: true,
      dueDate: addDays(TODAY, days),
      daysUntil: days,
      state: days < 0 ? 'expired' : 'valid',
      severity,
    });
  });

  it('a required item with no certificate is "required but missing": expired, with the recorded renewal date if any', () => {
    expect(
      complianceItem({ code: 'EICR', required: true, certificateExpiry: null, renewalDate: null }, TODAY),
    ).toMatchObject({ state: 'missing', severity: 'expired', dueDate: null, daysUntil: null });
    expect(
      complianceItem(
        { code: 'EICR', required: true, certificateExpiry: null, renewalDate: addDays(TODAY, 200) },
        TODAY,
      ),
    ).toMatchObject({ state: 'missing', severity: 'expired', daysUntil: 200 });
  });

  it('EPC band from the SAP score, else the recorded letter; compliant = in date and E or better; unknown without a certificate', () => {
    expect([
      bandOf('C', 92),
      bandOf('C', 91),
      bandOf(null, 69),
      bandOf(null, 68),
      bandOf('e', null),
      bandOf('Z', null),
      bandOf(null, null),
    ]).toEqual(['A', 'B', 'C', 'D', 'E', null, null]);
    expect(epcView({ rating: 'E', score: 45, expiry: TODAY, renewal: TODAY }, TODAY)).toEqual({
      rating: 'E',
      band: 'E',
      score: 45,
      renewal: TODAY,
      compliant: true,
    });
    expect(epcView({ rating: 'F', score: 30, expiry: TODAY, renewal: TODAY }, TODAY).compliant).toBe(false);
    expect(
      epcView({ rating: 'B', score: 85, expiry: addDays(TODAY, -1), renewal: addDays(TODAY, -1) }, TODAY).compliant,
    ).toBe(false);
    expect(epcView({ rating: null, score: null, expiry: null, renewal: '2027-01-01' }, TODAY)).toEqual({
      rating: null,
      band: null,
      score: null,
      renewal: '2027-01-01',
      compliant: null,
    });
  });
});

describe('GET /compliance/summary', () => {
  it('carries every field of the spec with its type', async () => {
    const s = await summary();
    expect(Object.keys(s).sort()).toEqual(['attention', 'epc', 'generatedAt', 'portfolio', 'properties']);
    expect(s.generatedAt).toBe(T0.toISOString());
    expect(Object.keys(s.portfolio).sort()).toEqual([
      'attentionCount',
      'counts',
      'propertyCount',
      'requiredItemsTotal',
      'worstSeverity',
    ]);
    expect(Object.keys(s.portfolio.counts).sort()).toEqual([
      'critical',
      'due_soon',
      'expired',
      'missing',
      'ok',
      'urgent',
    ]);
    expect(Object.keys(s.epc).sort()).toEqual(['belowC', 'cOrAbove', 'distribution', 'rated', 'unrated']);
    for (const a of s.attention)
      expect(Object.keys(a).sort()).toEqual(['code', 'daysUntil', 'dueDate', 'propertyId', 'propertyName', 'severity']);
    for (const p of s.properties) {
      expect(Object.keys(p).sort()).toEqual(['address', 'epc', 'id', 'items', 'name', 'status']);
      expect(Object.keys(p.epc).sort()).toEqual(['band', 'compliant', 'rating', 'renewal', 'score']);
      for (const i of p.items)
        expect(Object.keys(i).sort()).toEqual(['code', 'daysUntil', 'dueDate', 'required', 'severity', 'state']);
    }
  });

  it('portfolio figures add up', async () => {
    const s = await summary();
    const items = s.properties.flatMap((p) => p.items);
    expect(s.portfolio.propertyCount).toBe(36);
    expect(s.properties).toHaveLength(36);
    // 3 statutory items each, plus the landlord licence on the 6 properties that need one.
    expect(s.portfolio.requiredItemsTotal).toBe(36 * 3 + 6);
    expect(items).toHaveLength(s.portfolio.requiredItemsTotal);
    expect(Object.values(s.portfolio.counts).reduce((a, b) => a + b, 0)).toBe(items.length);
    for (const severity of SEVERITY_ORDER)
      expect([severity, s.portfolio.counts[severity]]).toEqual([
        severity,
        items.filter((i) => i.severity === severity).length,
      ]);
    expect(s.portfolio.attentionCount).toBe(items.filter((i) => i.severity !== 'ok').length);
    expect(s.attention).toHaveLength(s.portfolio.attentionCount);
    expect(s.portfolio.worstSeverity).toBe('expired');
    expect(s.portfolio.counts.missing).toBe(0); // required-but-missing counts as expired
  });

  it("each property's items are exactly its GET /properties/{id} compliance.items, with name, address and status", async () => {
    const s = await summary();
    const properties = data<
      Array<{ id: string; shortName: string; address: string; status: string; compliance: { items: unknown[] } }>
    >(await t.api('GET', '/properties?limit=500', KEYS.enterpriseLive));
    expect(s.properties.map((p) => p.id).sort()).toEqual(properties.map((p) => p.id).sort());
    for (const p of properties) {
      const row = s.properties.find((x) => x.id === p.id)!;
      expect(row).toMatchObject({ name: p.shortName, address: p.address, status: p.status });
      expect(row.items).toEqual(p.compliance.items);
    }
  });

  it('assigns severities at the exact boundaries: -1/0, 30/31, 60/61, 90/91 days', async () => {
    const s = await summary();
    // Gas safety certificate offsets of the fixture: property i expires at OFFSETS[i % 16].
    const cases: Array<[number, number, Severity]> = [
      [14, -1, 'expired'],
      [15, 0, 'critical'],
      [3, 30, 'critical'],
      [4, 31, 'urgent'],
      [6, 60, 'urgent'],
      [7, 61, 'due_soon'],
      [9, 90, 'due_soon'],
      [10, 91, 'ok'],
    ];
    for (const [i, days, severity] of cases) {
      expect([i, item(s, P(i), 'GAS_SAFETY')]).toEqual([
        i,
        {
          code: 'GAS_SAFETY',
          required: true,
          dueDate: addDays(TODAY, days),
          daysUntil: days,
          state: days < 0 ? 'expired' : 'valid',
          severity,
        },
      ]);
    }
    for (const p of s.properties)
      for (const i of p.items) if (i.state !== 'missing') expect(i.severity).toBe(severityFor(i.daysUntil!));
  });

  it("moves each item across its boundary when the clock passes midnight (landlord's date)", async () => {
    clock.advance(DAY);
    const s = await summary();
    const moved: Array<[number, Severity]> = [
      [15, 'expired'],
      [4, 'critical'],
      [7, 'urgent'],
      [10, 'due_soon'],
      [3, 'critical'],
    ];
    for (const [i, severity] of moved) expect([i, item(s, P(i), 'GAS_SAFETY').severity]).toEqual([i, severity]);
    expect(item(s, P(15), 'GAS_SAFETY')).toMatchObject({ daysUntil: -1, state: 'expired' });
    expect(s.generatedAt).toBe(new Date(T0.getTime() + DAY).toISOString());
  });

  it('reports a required item with no certificate as missing/expired, using the recorded renewal date as its due date', async () => {
    // Property 13 holds no gas safety certificate.
    let s = await summary();
    expect(item(s, P(13), 'GAS_SAFETY')).toEqual({
      code: 'GAS_SAFETY',
      required: true,
      dueDate: null,
      daysUntil: null,
      state: 'missing',
      severity: 'expired',
    });
    expect(
      (await t.api('PATCH', `/properties/${P(13)}`, KEYS.enterpriseLive, { gscRenewal: addDays(TODAY, 200) }))
        .statusCode,
    ).toBe(200);
    s = await summary();
    expect(item(s, P(13), 'GAS_SAFETY')).toEqual({
      code: 'GAS_SAFETY',
      required: true,
      dueDate: addDays(TODAY, 200),
      daysUntil: 200,
      state: 'missing',
      severity: 'expired',
    });
    expect(s.attention.find((a) => a.propertyId === P(13) && a.code === 'GAS_SAFETY')).toMatchObject({
      severity: 'expired',
      daysUntil: 200,
    });
    await t.api('PATCH', `/properties/${P(13)}`, KEYS.enterpriseLive, { gscRenewal: null });
  });

  it('sorts attention worst first, then soonest (no date first), then property name; holds every non-ok item', async () => {
    const s = await summary();
    const rank = (a: AttentionItem) => SEVERITY_ORDER.indexOf(a.severity);
    for (let k = 1; k < s.attention.length; k += 1) {
      const [a, b] = [s.attention[k - 1], s.attention[k]];
      expect(rank(a) <= rank(b)).toBe(true);
      if (rank(a) === rank(b)) {
        const [da, db] = [a.daysUntil ?? -Infinity, b.daysUntil ?? -Infinity];
        expect(da <= db).toBe(true);
        if (da === db) expect(a.propertyName.localeCompare(b.propertyName, 'en') <= 0).toBe(true);
      }
    }
    expect(s.attention.every((a) => a.severity !== 'ok')).toBe(true);
    const expected = s.properties
      .flatMap((p) =>
        p.items
          .filter((i) => i.severity !== 'ok')
          .map((i) => `${p.id}:${i.code}:${i.dueDate}:${i.daysUntil}:${i.severity}:${p.name}`),
      )
      .sort();
    expect(
      s.attention
        .map((a) => `${a.propertyId}:${a.code}:${a.dueDate}:${a.daysUntil}:${a.severity}:${a.propertyName}`)
        .sort(),
    ).toEqual(expected);
  });

  it('EPC figures: rated + unrated = properties, cOrAbove + belowC = rated, distribution sums to rated', async () => {
    const s = await summary();
    expect(s.epc.rated + s.epc.unrated).toBe(36);
    expect(s.epc.unrated).toBe(2); // properties 4 and 20 hold no EPC
    expect(s.epc.cOrAbove + s.epc.belowC).toBe(s.epc.rated);
    expect(Object.keys(s.epc.distribution).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(Object.values(s.epc.distribution).reduce((a, b) => a + b, 0)).toBe(s.epc.rated);
    expect(s.epc.cOrAbove).toBe(['A', 'B', 'C'].reduce((n, b) => n + s.epc.distribution[b as 'A'], 0));
    // Property 1: band D (score 60), EPC expiring in 91 days: in date and above E.
    expect(s.properties.find((p) => p.id === P(1))!.epc).toEqual({
      rating: 'D',
      band: 'D',
      score: 60,
      renewal: addDays(TODAY, 91),
      compliant: true,
    });
    // Property 5: EPC expired yesterday (offset -1): not compliant whatever the band.
    expect(s.properties.find((p) => p.id === P(5))!.epc).toMatchObject({
      band: 'B',
      renewal: addDays(TODAY, -1),
      compliant: false,
    });
    expect(s.properties.find((p) => p.id === P(4))!.epc).toEqual({
      rating: null,
      band: null,
      score: null,
      renewal: null,
      compliant: null,
    });
    for (const p of s.properties) expect(p.epc.renewal).toBe(p.items.find((i) => i.code === 'EPC')!.dueDate);
  });

  it('an empty portfolio: zero counts and worstSeverity null', async () => {
    const parts = await complianceSummaryJson(
      { landlordId: '00000000-0000-4000-8000-00000000abcd', db: t.deps.knex },
      TODAY,
      T0,
      new Gate(1, 5000),
      new SummaryCopies(),
    );
    expect(JSON.parse(Buffer.concat(parts).toString())).toEqual({
      data: {
        generatedAt: T0.toISOString(),
        portfolio: {
          propertyCount: 0,
          requiredItemsTotal: 0,
          attentionCount: 0,
          worstSeverity: null,
          counts: { expired: 0, missing: 0, critical: 0, due_soon: 0, urgent: 0, ok: 0 },
        },
        epc: {
          rated: 0,
          unrated: 0,
          cOrAbove: 0,
          belowC: 0,
          distribution: { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0, G: 0 },
        },
        attention: [],
        properties: [],
      },
    });
  });

  it('answers 400 VALIDATION_ERROR for any query parameter', async () => {
    const res = await t.api('GET', '/compliance/summary?page=1', KEYS.enterpriseLive);
    expect([res.statusCode, (JSON.parse(res.payload) as { code: string }).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('is readable on the Portfolio plan and with a sandbox key (real data)', async () => {
    expect((await summary(KEYS.portfolioLive)).portfolio.propertyCount).toBe(4);
    const [live, sandbox] = [await summary(), await summary(KEYS.enterpriseSandbox)];
    expect(sandbox).toEqual(live);
  });

  it("covers only the caller's properties (tenant isolation)", async () => {
    const theirs = await summary(KEYS.otherLandlord);
    const mine = new Set((await summary()).properties.map((p) => p.id));
    expect(theirs.portfolio.propertyCount).toBe(12);
    expect(theirs.properties.some((p) => mine.has(p.id))).toBe(false);
    expect(theirs.attention.some((a) => mine.has(a.propertyId))).toBe(false);
  });

  it('writes names and addresses that need JSON escaping exactly (quotes, backslashes, control characters, emoji)', async () => {
    const shortName = 'Flat "A" \\ 1\t\u0001 caf\u00e9 \u{1F3E0}';
    const addressLine1 = 'C/O "Lodge", 2\\3';
    const res = await t.api('POST', '/properties', KEYS.enterpriseLive, {
      shortName,
      addressLine1,
      city: 'Bath',
      postcode: 'BA1 1AA',
      propertyType: 'Flat',
    });
    expect(res.statusCode).toBe(201);
    const id = data<{ id: string }>(res).id;
    const s = await summary();
    expect(s.properties.find((p) => p.id === id)).toMatchObject({
      name: shortName,
      address: `${addressLine1}, Bath, BA1 1AA`,
    });
    // No certificate on file: every item is required but missing, so each is on the attention list under this name.
    const mine = s.attention.filter((a) => a.propertyId === id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a) => a.propertyName === shortName)).toBe(true);
    expect((await t.api('DELETE', `/properties/${id}`, KEYS.enterpriseLive)).statusCode).toBe(200);
  });

  it('leaves out deleted properties', async () => {
    expect((await t.api('DELETE', `/properties/${P(35)}`, KEYS.enterpriseLive)).statusCode).toBe(200);
    const s = await summary();
    expect(s.portfolio.propertyCount).toBe(35);
    expect(s.properties.some((p) => p.id === P(35))).toBe(false);
    expect(s.attention.some((a) => a.propertyId === P(35))).toBe(false);
  });
});
