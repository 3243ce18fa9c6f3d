// Maintenance issues and notes: list/filter, detail, create (Open), PATCH with status moves (transitions.ts),
// soft delete, notes, maintenance.* and note.created events with the catalogue's fields, sandbox, tenant
// isolation, and the removed PATCH /maintenance/{id} (410) next to its successor.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { fixtureId } from '@ppapi/spec';
import type { IssueStatus } from '../src/persistence/models';
import { ManualClock } from '../src/platform/clock';
import {
  ALLOWED_MOVES,
  ISSUE_STATUSES,
  assertChangeAllowed,
  resolvedAtAfter,
} from '../src/resources/maintenance/transitions';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const clock = new ManualClock(new Date('2026-06-01T09:00:00Z'));
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(async () => {
  await t.stop();
});

interface Issue {
  id: string;
  propertyId: string;
  propertyName: string;
  title: string;
  description: string;
  priority: string;
  status: string;
  category: string | null;
  assignedContactId: string | null;
  dueDate: string | null;
  resolvedAt: string | null;
  createdAt: string;
  updatedAt: string;
  sandbox?: boolean;
}
interface Note {
  id: string;
  issueId: string;
  text: string;
  authorName: string;
  createdAt: string;
  sandbox?: boolean;
}
type Body<T> = { data: T; meta?: { page: number; limit: number; total: number }; error?: string; code?: string };
const json = <T = Issue>(res: { payload: string }) => JSON.parse(res.payload) as Body<T>;

const CATALOGUE = JSON.parse(readFileSync(require.resolve('@ppapi/spec/event-catalogue.json'), 'utf8')) as Array<{
  event: string;
  fields: Array<{ name: string }>;
}>;
const fieldsOf = (event: string): string[] =>
  CATALOGUE.find((e) => e.event === event)!
    .fields.map((f) => f.name)
    .sort();
async function eventsFor(type: string, field: string, id: string): Promise<Array<Record<string, unknown>>> {
  const rows = (await t.deps
    .knex('outbox_events')
    .where({ event_type: type })
    .whereRaw(`data->>? = ?`, [field, id])
    .orderBy('created_at')) as Array<{ data: Record<string, unknown> | string }>;
  return rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>);
}
const count = async (table: string) =>
  Number(((await t.deps.knex(table).count('* as n').first()) as { n: number | string }).n);

const P = (i: number) => fixtureId(`property:harbour:${i}`);
const C = (i: number) => fixtureId(`contact:harbour:${i}`);
const issue = (n: number) => fixtureId(`issue:harbour:${n}`); // status cycles Open, In_Progress, Resolved, Closed
const foreignIssue = fixtureId('issue:northgate:0');

const open = async (body: Record<string, unknown> = {}): Promise<Issue> => {
  const res = await t.api('POST', '/maintenance/issues', KEYS.enterpriseLive, {
    propertyId: P(6),
    title: 'Dripping tap',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return json(res).data;
};

describe('GET /maintenance/issues', () => {
  it('lists live issues with meta, oldest first', async () => {
    const body = json<Issue[]>(await t.api('GET', '/maintenance/issues?limit=100', KEYS.enterpriseLive));
    expect(body.meta).toEqual({ page: 1, limit: 100, total: 29 });
    expect(body.data.map((i) => i.id)).not.toContain(issue(25));
    expect(body.data[0]).toEqual({
      id: issue(0),
      propertyId: P(0),
      propertyName: expect.any(String),
      title: 'Leaking kitchen tap',
      description: 'Tap drips constantly; washer probably worn.',
      priority: 'Low',
      status: 'Open',
      category: 'Plumbing',
      assignedContactId: C(0),
      dueDate: expect.any(String),
      resolvedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('filters by status, propertyId, priority and assignedContactId', async () => {
    const list = async (query: string) =>
      json<Issue[]>(await t.api('GET', `/maintenance/issues?limit=100&${query}`, KEYS.enterpriseLive)).data;
    const inProgress = await list('status=In_Progress');
    expect(inProgress.length).toBeGreaterThan(0);
    expect(inProgress.every((i) => i.status === 'In_Progress')).toBe(true);
    expect((await list(`propertyId=${P(1)}`)).map((i) => i.id)).toEqual([issue(1)]);
    expect((await list('priority=Urgent')).every((i) => i.priority === 'Urgent')).toBe(true);
    expect((await list(`assignedContactId=${C(1)}`)).map((i) => i.id)).toEqual([issue(26), issue(27), issue(28)]);
    expect(await list('status=Closed&priority=Low')).toEqual([]);
  });

  it('answers 400 VALIDATION_ERROR for invalid queries; random queries never give a 5xx', async () => {
    for (const query of ['status=Deleted', 'priority=Critical', 'propertyId=x', 'limit=501', 'search=tap']) {
      const res = await t.api('GET', `/maintenance/issues?${query}`, KEYS.enterpriseLive);
      expect([query, res.statusCode, json(res).code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
    const key = fc.constantFrom('page', 'limit', 'status', 'propertyId', 'priority', 'assignedContactId', 'z');
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.uuid(),
      fc.constantFrom(...ISSUE_STATUSES, 'Low', 'Urgent'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (params) => {
        const res = await t.api(
          'GET',
          `/maintenance/issues?${new URLSearchParams(params).toString()}`,
          KEYS.enterpriseLive,
        );
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
      }),
      { numRuns: 50 },
    );
  });
});

describe('POST /maintenance/issues', () => {
  it('opens an issue (Open, priority Medium by default) and records maintenance.created with the catalogue fields', async () => {
    const created = await open({ assignedContactId: C(2), category: 'Plumbing', dueDate: '2030-01-15' });
    expect(created).toMatchObject({
      propertyId: P(6),
      title: 'Dripping tap',
      description: '',
      priority: 'Medium',
      status: 'Open',
      assignedContactId: C(2),
      dueDate: '2030-01-15',
      resolvedAt: null,
    });
    expect(json(await t.api('GET', `/maintenance/issues/${created.id}`, KEYS.enterpriseLive)).data).toEqual(created);
    const [event] = await eventsFor('maintenance.created', 'issue_id', created.id);
    expect(Object.keys(event).sort()).toEqual(fieldsOf('maintenance.created'));
    expect(event).toEqual({
      issue_id: created.id,
      property_id: P(6),
      property_name: created.propertyName,
      title: 'Dripping tap',
      description: '',
      priority: 'Medium',
      status: 'Open',
    });
  });

  it("answers 400 VALIDATION_ERROR for invalid bodies and for references that are not the landlord's", async () => {
    const cases: Array<[string, unknown]> = [
      ['missing title', { propertyId: P(1) }],
      ['missing property', { title: 'x' }],
      ['status on create', { propertyId: P(1), title: 'x', status: 'In_Progress' }],
      ['bad priority', { propertyId: P(1), title: 'x', priority: 'Critical' }],
      ['bad category', { propertyId: P(1), title: 'x', category: 'Alchemy' }],
      ['unknown key', { propertyId: P(1), title: 'x', cost: 10 }],
      ["another landlord's property", { propertyId: fixtureId('property:northgate:0'), title: 'x' }],
      [
        "another landlord's contact",
        { propertyId: P(1), title: 'x', assignedContactId: fixtureId('contact:northgate:0') },
      ],
    ];
    for (const [label, payload] of cases) {
      const res = await t.api('POST', '/maintenance/issues', KEYS.enterpriseLive, payload);
      expect([label, res.statusCode, json(res)]).toEqual([
        label,
        400,
        { error: expect.any(String), code: 'VALIDATION_ERROR' },
      ]);
    }
  });
});

describe('PATCH /maintenance/issues/{id}', () => {
  it('moves Open → In_Progress → Resolved → Open → Closed, stamping and clearing resolvedAt, with maintenance.updated each time', async () => {
    const created = await open({ priority: 'High' });
    const move = async (status: string) => {
      clock.advance(1000); // events are ordered by their time below
      const res = await t.api('PATCH', `/maintenance/issues/${created.id}`, KEYS.enterpriseLive, { status });
      expect([status, res.statusCode]).toEqual([status, 200]);
      return json(res).data;
    };
    expect((await move('In_Progress')).resolvedAt).toBeNull();
    const resolved = await move('Resolved');
    expect(resolved.resolvedAt).toEqual(expect.stringMatching(/T/));
    expect((await move('Open')).resolvedAt).toBeNull();
    expect((await move('Closed')).resolvedAt).toEqual(expect.stringMatching(/T/));
    const events = await eventsFor('maintenance.updated', 'issue_id', created.id);
    expect(events.map((e) => e.status)).toEqual(['In_Progress', 'Resolved', 'Open', 'Closed']);
    expect(Object.keys(events[0]).sort()).toEqual(fieldsOf('maintenance.updated'));
    expect(events[0]).toMatchObject({ priority: 'High', title: 'Dripping tap', description: '' });
  });

  it('edits details and assignment, and accepts the current status again', async () => {
    const created = await open();
    const res = await t.api('PATCH', `/maintenance/issues/${created.id}`, KEYS.enterpriseLive, {
      title: 'Dripping bath tap',
      description: 'Worse at night',
      priority: 'Urgent',
      assignedContactId: C(0),
      status: 'Open',
      dueDate: null,
    });
    expect(json(res).data).toMatchObject({
      title: 'Dripping bath tap',
      description: 'Worse at night',
      priority: 'Urgent',
      assignedContactId: C(0),
      status: 'Open',
      dueDate: null,
    });
    expect(
      json(await t.api('PATCH', `/maintenance/issues/${created.id}`, KEYS.enterpriseLive, { assignedContactId: null }))
        .data.assignedContactId,
    ).toBeNull();
  });

  it('answers 409 CONFLICT for any change to a Closed issue', async () => {
    for (const payload of [{ status: 'Open' }, { title: 'Reopen by rename' }, { status: 'Closed' }]) {
      const res = await t.api('PATCH', `/maintenance/issues/${issue(3)}`, KEYS.enterpriseLive, payload);
      expect([payload, res.statusCode, json(res).code]).toEqual([payload, 409, 'CONFLICT']);
    }
  });

  it('answers 400 VALIDATION_ERROR for invalid bodies', async () => {
    for (const payload of [
      {},
      { status: 'Deleted' },
      { propertyId: P(2) },
      { title: '' },
      { assignedContactId: fixtureId('contact:northgate:1') },
      { priority: null },
    ]) {
      const res = await t.api('PATCH', `/maintenance/issues/${issue(0)}`, KEYS.enterpriseLive, payload);
      expect([payload, res.statusCode, json(res).code]).toEqual([payload, 400, 'VALIDATION_ERROR']);
    }
  });

  it('leaves the removed PATCH /maintenance/{id} answering 410 ENDPOINT_DEPRECATED with the successor in the Link header', async () => {
    const res = await t.api('PATCH', `/maintenance/${issue(0)}`, KEYS.enterpriseLive, { status: 'In_Progress' });
    expect([res.statusCode, json(res).code]).toEqual([410, 'ENDPOINT_DEPRECATED']);
    expect(json(res).error).toContain('PATCH /maintenance/issues/{id}');
    expect(res.headers.link).toContain(`/maintenance/issues/${issue(0)}`);
    expect(json(await t.api('GET', `/maintenance/issues/${issue(0)}`, KEYS.enterpriseLive)).data.status).toBe('Open');
  });
});

describe('status moves (transitions.ts)', () => {
  it('allows exactly the documented moves; Closed is final', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ISSUE_STATUSES),
        fc.option(fc.constantFrom(...ISSUE_STATUSES), { nil: undefined }),
        (from, to) => {
          const allowed = from !== 'Closed' && (to === undefined || to === from || ALLOWED_MOVES[from].includes(to));
          if (allowed) expect(() => assertChangeAllowed(from, to)).not.toThrow();
          else
            expect(() => assertChangeAllowed(from, to)).toThrow(
              expect.objectContaining({ data: expect.objectContaining({ code: 'CONFLICT' }) }),
            );
        },
      ),
    );
  });

  it('keeps resolvedAt from Resolved to Closed, stamps it on first resolution and clears it on reopening', () => {
    const earlier = new Date('2026-01-01T00:00:00Z');
    const now = new Date('2026-02-01T00:00:00Z');
    const done = (s: IssueStatus) => s === 'Resolved' || s === 'Closed';
    fc.assert(
      fc.property(fc.constantFrom(...ISSUE_STATUSES), fc.constantFrom(...ISSUE_STATUSES), (from, to) => {
        const result = resolvedAtAfter(from, to, done(from) ? earlier : null, now);
        expect(result).toEqual(!done(to) ? null : done(from) ? earlier : now);
      }),
    );
  });
});

describe('DELETE /maintenance/issues/{id}', () => {
  it('soft-deletes and records maintenance.deleted with the catalogue fields', async () => {
    const created = await open({ priority: 'Low' });
    const res = await t.api('DELETE', `/maintenance/issues/${created.id}`, KEYS.enterpriseLive);
    expect(json(res).data).toEqual({ deleted: true, id: created.id });
    expect((await t.api('GET', `/maintenance/issues/${created.id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
    expect(
      (await t.api('PATCH', `/maintenance/issues/${created.id}`, KEYS.enterpriseLive, { title: 'x' })).statusCode,
    ).toBe(404);
    const [event] = await eventsFor('maintenance.deleted', 'issue_id', created.id);
    expect(Object.keys(event).sort()).toEqual(fieldsOf('maintenance.deleted'));
    expect(event).toMatchObject({
      issue_id: created.id,
      property_id: P(6),
      title: 'Dripping tap',
      priority: 'Low',
      status: 'Deleted',
      deleted_at: expect.stringMatching(/T/),
    });
  });
});

describe('notes', () => {
  it('adds notes as the account owner, records note.created, and lists them oldest first with meta', async () => {
    const created = await open();
    const first = await t.api('POST', `/maintenance/issues/${created.id}/notes`, KEYS.enterpriseLive, {
      text: '  Plumber booked for Monday  ',
    });
    expect(first.statusCode).toBe(201);
    const note = json<Note>(first).data;
    expect(note).toEqual({
      id: expect.any(String),
      issueId: created.id,
      text: 'Plumber booked for Monday',
      authorName: 'Helen Harbour',
      createdAt: expect.any(String),
    });
    const [event] = await eventsFor('note.created', 'note_id', note.id);
    expect(Object.keys(event).sort()).toEqual(fieldsOf('note.created'));
    expect(event).toEqual({
      note_id: note.id,
      issue_id: created.id,
      property_id: P(6),
      text: 'Plumber booked for Monday',
      created_at: note.createdAt,
    });
    clock.advance(1000); // notes list oldest first
    await t.api('POST', `/maintenance/issues/${created.id}/notes`, KEYS.enterpriseLive, { text: 'Washer replaced' });
    const list = json<Note[]>(
      await t.api('GET', `/maintenance/issues/${created.id}/notes?limit=1&page=2`, KEYS.enterpriseLive),
    );
    expect([list.data.map((n) => n.text), list.meta]).toEqual([['Washer replaced'], { page: 2, limit: 1, total: 2 }]);
  });

  it('accepts a note on a Closed issue and lists the fixture notes', async () => {
    expect(
      (await t.api('POST', `/maintenance/issues/${issue(3)}/notes`, KEYS.enterpriseLive, { text: 'Invoice paid' }))
        .statusCode,
    ).toBe(201);
    const notes = json<Note[]>(await t.api('GET', `/maintenance/issues/${issue(3)}/notes`, KEYS.enterpriseLive));
    expect(notes.meta!.total).toBe(3);
  });

  it('answers 400 for an empty or missing text, and 404 for an unknown issue', async () => {
    for (const payload of [{}, { text: '   ' }, { text: 'x'.repeat(5001) }, { text: 'ok', author: 'me' }]) {
      const res = await t.api('POST', `/maintenance/issues/${issue(0)}/notes`, KEYS.enterpriseLive, payload);
      expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const missing = await t.api(
      'POST',
      '/maintenance/issues/00000000-0000-4000-8000-000000000000/notes',
      KEYS.enterpriseLive,
      { text: 'x' },
    );
    expect([missing.statusCode, json(missing).error]).toEqual([404, expect.stringMatching(/Maintenance issue/)]);
  });

  it('never answers 5xx to random note-list queries', async () => {
    const key = fc.constantFrom('page', 'limit', 'status');
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(key, fc.oneof(fc.string({ maxLength: 10 }), fc.integer().map(String)), { maxKeys: 3 }),
        async (params) => {
          const res = await t.api(
            'GET',
            `/maintenance/issues/${issue(0)}/notes?${new URLSearchParams(params).toString()}`,
            KEYS.enterpriseLive,
          );
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode !== 200) expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('sandbox mode', () => {
  it('create, update, delete and note answer mocks with sandbox: true and write nothing', async () => {
    const tables = ['maintenance_issues', 'maintenance_issue_notes', 'outbox_events'];
    const before = await Promise.all(tables.map(count));
    const created = await t.api('POST', '/maintenance/issues', KEYS.enterpriseSandbox, {
      propertyId: P(6),
      title: 'Sandbox issue',
    });
    expect([created.statusCode, json(created).data.sandbox, json(created).data.status]).toEqual([201, true, 'Open']);
    expect((await t.api('GET', `/maintenance/issues/${json(created).data.id}`, KEYS.enterpriseLive)).statusCode).toBe(
      404,
    );
    const patched = await t.api('PATCH', `/maintenance/issues/${issue(0)}`, KEYS.enterpriseSandbox, {
      status: 'Resolved',
    });
    expect(json(patched).data).toMatchObject({ status: 'Resolved', sandbox: true, resolvedAt: expect.any(String) });
    expect(json(await t.api('DELETE', `/maintenance/issues/${issue(0)}`, KEYS.enterpriseSandbox)).data).toEqual({
      deleted: true,
      id: issue(0),
      sandbox: true,
    });
    const note = await t.api('POST', `/maintenance/issues/${issue(0)}/notes`, KEYS.enterpriseSandbox, {
      text: 'sandbox note',
    });
    expect([note.statusCode, json<Note>(note).data.sandbox]).toEqual([201, true]);
    expect(json(await t.api('GET', `/maintenance/issues/${issue(0)}`, KEYS.enterpriseLive)).data.status).toBe('Open');
    expect(await Promise.all(tables.map(count))).toEqual(before);
    // Rules still apply in sandbox mode.
    expect(
      (await t.api('PATCH', `/maintenance/issues/${issue(3)}`, KEYS.enterpriseSandbox, { status: 'Open' })).statusCode,
    ).toBe(409);
  });
});

describe('tenant isolation', () => {
  it("answers 404 NOT_FOUND for another landlord's issue on every route", async () => {
    for (const [method, path, payload] of [
      ['GET', `/maintenance/issues/${foreignIssue}`, undefined],
      ['PATCH', `/maintenance/issues/${foreignIssue}`, { title: 'x' }],
      ['DELETE', `/maintenance/issues/${foreignIssue}`, undefined],
      ['GET', `/maintenance/issues/${foreignIssue}/notes`, undefined],
      ['POST', `/maintenance/issues/${foreignIssue}/notes`, { text: 'x' }],
    ] as const) {
      const res = await t.api(method, path, KEYS.enterpriseLive, payload);
      expect([method, path, res.statusCode, json(res).code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    expect(
      json<Issue[]>(
        await t.api('GET', `/maintenance/issues?propertyId=${fixtureId('property:northgate:0')}`, KEYS.enterpriseLive),
      ).data,
    ).toEqual([]);
    expect((await t.api('GET', `/maintenance/issues/${foreignIssue}`, KEYS.otherLandlord)).statusCode).toBe(200);
  });
});
