// Limits at their edge: the value at the limit and one past it. `search` and document names count "characters",
// which the spec leaves to be read as code points or as UTF-16 units (a character outside the Basic Multilingual
// Plane is one code point and two units): text within the limit under both readings must be accepted, text past it
// under both refused, and text between the two readings (200 such characters in a search) may get either answer.
// `expiringWithinDays=N` takes a document dated today (UTC) + N and leaves one dated today + N + 1.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { listDocuments, uploadDocument, uploadForm, uploadRaw, type DocOwner } from '../documents/helpers';
import { addDays, utcDate } from '../shared/dates';
import { createOwnChain, expect400 } from '../shared/own-data';
import { ownWriteKey } from '../shared/provision';
import { createOwnProperty } from '../shared/util';

const LIVE = 'enterpriseLive';
/** U+1F3E0 HOUSE BUILDING: one character, two UTF-16 code units, four UTF-8 bytes. */
const ASTRAL = '\u{1F3E0}';

/** The ways "characters" may be counted: code points, or UTF-16 code units. */
const readings = (text: string): readonly [number, number] => [Array.from(text).length, text.length];
const withinUnderBoth = (text: string, max: number): boolean => readings(text).every((n) => n <= max);
const pastUnderBoth = (text: string, max: number): boolean => readings(text).every((n) => n > max);

export const searchLengthCountsCharacters = defineCheck({
  id: 'limits.searchLengthCountsCharacters',
  title:
    'search of 200 characters is accepted and 201 refused on /properties and /contracts, as code points or as UTF-16 units (100 characters outside the BMP accepted, 201 refused)',
  group: 'Limits > Input limits',
  rules: ['LIMIT-4', 'ERR-VALIDATION_ERROR'],
  async run(ctx: CheckContext) {
    const accepted = ['a'.repeat(200), ASTRAL.repeat(100), `${ASTRAL.repeat(50)}${'a'.repeat(100)}`];
    const refused = ['a'.repeat(201), ASTRAL.repeat(201)];
    for (const path of ['/properties', '/contracts']) {
      for (const search of accepted) {
        if (!withinUnderBoth(search, 200)) throw new Error('an accepted search must be within 200 under both readings');
        const [points, units] = readings(search);
        const ok = await ctx.http.request({ path, key: LIVE, query: { search } });
        ctx.expect(
          ok.status === 200,
          `GET ${path}?search= of ${points} code points (${units} UTF-16 units) to be accepted (200)`,
          () => describeResponse(ok),
          ok.exchange,
          { rules: ['LIMIT-4'] },
        );
      }
      for (const search of refused) {
        if (!pastUnderBoth(search, 200)) throw new Error('a refused search must be past 200 under both readings');
        const [points, units] = readings(search);
        const over = await ctx.http.request({ path, key: LIVE, query: { search } });
        expect400(ctx, over, `GET ${path}?search= of ${points} code points (${units} UTF-16 units)`, ['LIMIT-4']);
      }
    }
    ctx.note(
      'search within 200 characters under both readings accepted, past 200 under both refused, on /properties and /contracts',
    );
  },
});

export const expiringWithinDaysEdgeDay = defineCheck({
  id: 'documents.expiringWithinDaysEdgeDay',
  title: 'expiringWithinDays=N lists a document expiring today (UTC) + N and leaves out one expiring today + N + 1',
  group: 'Endpoints > Properties',
  rules: ['PROP-42', 'LIMIT-8'],
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'doc-edge');
    const own = await createOwnProperty(ctx, key, 'doc-edge');
    const owner: DocOwner = { kind: 'property', id: String(own.id), key };
    const n = 30;
    for (let attempt = 0; attempt < 2; attempt++) {
      const today = utcDate();
      const at = await uploadDocument(
        ctx,
        owner,
        { name: `${ctx.marker} edge N ${attempt}`, expiryDate: addDays(today, n) },
        ['PROP-30'],
      );
      const past = await uploadDocument(
        ctx,
        owner,
        { name: `${ctx.marker} edge N+1 ${attempt}`, expiryDate: addDays(today, n + 1) },
        ['PROP-30'],
      );
      const listed = await listDocuments(ctx, owner, { expiringWithinDays: n }, ['PROP-28', 'PROP-42']);
      // The UTC date turned while the check ran: try once more on the new date.
      if (utcDate() !== today) continue;
      const has = (doc: typeof at): boolean =>
        listed.items.some((d) => (typeof doc.id === 'string' ? d.id === doc.id : d.name === doc.name));
      ctx.expect(
        has(at),
        `expiringWithinDays=${n} to list the document expiring ${addDays(today, n)} (today + ${n})`,
        () => describeValue(listed.items.map((d) => d.expiryDate)),
        listed.res.exchange,
        { rules: ['PROP-42'] },
      );
      ctx.expect(
        !has(past),
        `expiringWithinDays=${n} to leave out the document expiring ${addDays(today, n + 1)} (today + ${n + 1})`,
        () => describeValue(listed.items.map((d) => d.expiryDate)),
        listed.res.exchange,
        { rules: ['PROP-42'] },
      );
      ctx.note(`today ${today}: the document of today + ${n} listed, the one of today + ${n + 1} left out`);
      return;
    }
    ctx.skip('the UTC date turned twice while the check ran');
  },
});

export const documentNameEdgeOnBothKinds = defineCheck({
  id: 'documents.nameEdgeOnPropertyAndContractDocuments',
  title:
    'A document name of 1 and of 500 characters (as code points and as UTF-16 units) is accepted and kept whole, 0 and 501 refused, on property and on contract documents',
  group: 'Resources > Property document and contract document',
  rules: ['LIMIT-7', 'RES-DOC-1', 'PROP-31'],
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'doc-name-edges');
    const chain = await createOwnChain(ctx, 'doc-name-edges', { key });
    const owners: DocOwner[] = [
      { kind: 'property', id: chain.propertyId, key },
      { kind: 'contract', id: chain.contractId, key },
    ];
    const prefix = `${ctx.marker} `;
    // 500 under both readings: ASCII, and characters outside the BMP filling 500 UTF-16 units (fewer code points).
    const plain = prefix + 'n'.repeat(500 - prefix.length);
    const astral =
      prefix + ASTRAL.repeat(Math.floor((500 - prefix.length) / 2)) + 'n'.repeat((500 - prefix.length) % 2);
    // Past 500 under both readings.
    const overs = [`${plain}n`, prefix + ASTRAL.repeat(501 - Array.from(prefix).length)];
    for (const owner of owners) {
      // The lower edge too: one character accepted, none refused.
      for (const name of [plain, astral, 'n']) {
        if (!withinUnderBoth(name, 500)) throw new Error('an accepted name must be within 500 under both readings');
        const doc = await uploadDocument(ctx, owner, { name }, ['LIMIT-7', 'RES-DOC-1']);
        const [points, units] = readings(name);
        ctx.expect(
          doc.name === name,
          `a ${owner.kind} document name of ${points} code points (${units} UTF-16 units) accepted and kept whole`,
          () => `${Array.from(String(doc.name)).length} code points`,
          undefined,
          { rules: ['LIMIT-7', 'RES-DOC-1'] },
        );
      }
      expect400(
        ctx,
        await uploadRaw(ctx, owner, uploadForm({ name: '' })),
        `a ${owner.kind} document with an empty name`,
        ['LIMIT-7', 'PROP-31'],
        ['VALIDATION_ERROR', 'BAD_REQUEST'],
      );
      for (const name of overs) {
        if (!pastUnderBoth(name, 500)) throw new Error('a refused name must be past 500 under both readings');
        const [points, units] = readings(name);
        const over = await uploadRaw(ctx, owner, uploadForm({ name }));
        expect400(
          ctx,
          over,
          `a ${owner.kind} document name of ${points} code points (${units} UTF-16 units)`,
          ['LIMIT-7', 'PROP-31'],
          ['VALIDATION_ERROR', 'BAD_REQUEST'],
        );
      }
    }
    ctx.note(
      'names of 1 character and within 500 under both readings accepted and kept, empty and past 500 under both refused, on property and contract documents',
    );
  },
});

export const EDGE_CHECKS = [
  searchLengthCountsCharacters,
  expiringWithinDaysEdgeDay,
  documentNameEdgeOnBothKinds,
] as const;
