// A generated landlord of N properties, bulk-loaded into PostgreSQL through the migrations' schema (never the API).
// Every row is generated inside PostgreSQL by `insert ... select` over generate_series: nothing crosses the wire
// but the statements, so 50,000 properties (six million rent payments) load in about a minute.
//
// Deterministic: every id and every "random" choice is md5 of the seed and the row's key, so one seed gives the
// same portfolio on every run. Dates are relative to the database's today (fixtures are never dated absolutely).
//
// Per property, in proportion (a letting agency's ten years):
//   3 consecutive tenancies (contracts, one main tenant each) covering ten years; the last one in effect for ~90%;
//   monthly rent payments for every month of every tenancy up to today (~120), ~1% Overdue, the last month Pending;
//   certificates: a gas safety certificate a year, an EICR every five years, an EPC, a licence for ~20%;
//   2 property documents, 1 document per contract; 1 maintenance issue and 1 inspection a year (some open or
//   scheduled); a handbook, 2 meters with a check-in reading each and 2 suppliers.
import { createHash } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { migrateLatest } from '../../../reference-server/src/persistence/migrations';

export interface Portfolio {
  readonly landlordId: string;
  readonly apiKey: string;
  readonly properties: number;
  /** A property (for the handbook) and an Overdue rent payment (for the invoice PDF) of the landlord. */
  readonly propertyId: string;
  readonly rentPaymentId: string;
  readonly rows: Record<string, number>;
  readonly loadSeconds: number;
  /** Seconds per step of the load (migrations, each table's insert, index rebuilds, vacuum analyze), in order. */
  readonly steps: Record<string, number>;
}

const uuidOf = (seed: string, key: string): string => {
  const md5 = createHash('md5').update(`${seed}${key}`).digest('hex');
  const h = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`; // version 4, variant 8
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

const TABLES = [
  'properties',
  'tenants',
  'contracts',
  'rent_payments',
  'certificates',
  'property_documents',
  'contract_documents',
  'maintenance_issues',
  'inspections',
  'handbooks',
  'meters',
  'meter_readings',
  'suppliers',
] as const;

/** The statements, in dependency order; `:seed`, `:landlord` and `:n` are bound by name (cast where used). */
const STATEMENTS: readonly string[] = [
  // A uniform number in [0, 1) from the seed and a key: the only source of randomness.
  `create or replace function bench_rnd(k text) returns double precision language sql immutable parallel safe
     as $$ select ('x' || substr(md5(k), 1, 8))::bit(32)::bigint / 4294967296.0 $$`,
  // Ids: a seeded prefix per kind and an ascending counter, so primary keys are inserted in order; version 4 and
  // variant 8 in their places, so the API's uuid validation accepts them in paths.
  `create or replace function bench_id(seed text, kind text, n bigint) returns uuid language sql immutable parallel safe
     as $$ select (substr(md5(seed || ':' || kind), 1, 12) || '4000' || '8' || lpad(to_hex(n), 15, '0'))::uuid $$`,

  `insert into properties (id, landlord_id, short_name, address_line1, address_line2, city, postcode, property_type,
     bedrooms, bathrooms, maintenance, licence_required, gsc_renewal, eicr_renewal, epc_renewal, landlord_licence_renewal, created_at, updated_at)
   select bench_id(:seed::text, 'p', i), :landlord::uuid, 'Unit ' || i,
     i || ' ' || (array['High Street','Station Road','Church Lane','Mill Road','Park Avenue','Victoria Road'])[1 + i % 6],
     case when i % 3 = 0 then 'Flat ' || (1 + i % 9) end,
     (array['Bath','Bristol','Leeds','York','Derby','Exeter','Norwich'])[1 + (i / 6) % 7],
     'BA' || (1 + i % 20) || ' ' || (1 + i % 9) || 'AB',
     (array['House','Flat','Maisonette','Bungalow','Studio','HMO'])[1 + i % 6],
     1 + i % 5, 1 + i % 2, bench_rnd(:seed::text || ':pm:' || i) < 0.02, bench_rnd(:seed::text || ':pl:' || i) < 0.2,
     current_date + (bench_rnd(:seed::text || ':gr:' || i) * 400)::int - 30, null, null, null,
     now() - interval '3650 days' + (i * 3650.0 / :n::int) * interval '1 day', now()
   from generate_series(1, :n::int) i`,

  // Three tenancies per property, k = 0, 1, 2, each about 40 months, the last open-ended unless vacant.
  `insert into tenants (id, landlord_id, property_id, first_name, last_name, email, status, has_account, created_at, updated_at)
   select bench_id(:seed::text, 't', i * 4 + k), :landlord::uuid, bench_id(:seed::text, 'p', i),
     (array['Alex','Sam','Jo','Chris','Pat','Robin','Kim','Lee'])[1 + (i + k) % 8],
     (array['Smith','Jones','Taylor','Brown','Evans','Walker','Wright','Hughes'])[1 + (i * 3 + k) % 8],
     't' || i || '.' || k || '@tenant.example', 'ACTIVE', true, now() - interval '3650 days', now()
   from generate_series(1, :n::int) i, generate_series(0, 2) k`,

  `insert into contracts (id, landlord_id, property_id, main_tenant_id, tenancy_reference, start_date, end_date,
     rent_amount, rent_frequency, deposit_amount, notice_served, created_at, updated_at)
   select bench_id(:seed::text, 'c', i * 4 + k), :landlord::uuid, bench_id(:seed::text, 'p', i),
     bench_id(:seed::text, 't', i * 4 + k), 'TEN-' || i || '-' || k,
     (date_trunc('month', current_date) - interval '120 months' + k * interval '40 months')::date,
     case when k < 2 then (date_trunc('month', current_date) - interval '120 months' + (k + 1) * interval '40 months' - interval '1 day')::date
          when bench_rnd(:seed::text || ':vac:' || i) < 0.1 then (current_date - 20) end,
     round((600 + bench_rnd(:seed::text || ':r:' || i) * 1400)::numeric, 0), 'monthly', 1000, false,
     now() - interval '3650 days' + k * interval '1200 days' + (i * 1200.0 / :n::int) * interval '1 day', now()
   from generate_series(1, :n::int) i, generate_series(0, 2) k`,

  // One payment per month of each tenancy that has started, due on the first; Paid before the current month, 1 in
  // 100 never paid (Overdue, by a seeded hash), the current month Pending. Ids ascend in insert order, like all
  // the generated ids, so six million primary-key inserts append to the index.
  `insert into rent_payments (id, landlord_id, contract_id, property_id, tenant_id, period, amount, status,
     amount_received, date_paid, due_date, period_start, period_end, created_at, updated_at)
   with months as materialized (
     select m, d::date as d, (d + interval '1 month' - interval '1 day')::date as last, to_char(d, 'FMMonth YYYY') as period,
       d >= date_trunc('month', current_date) as current
     from generate_series(date_trunc('month', current_date) - interval '120 months', date_trunc('month', current_date), interval '1 month') with ordinality g(d, m))
   select bench_id(:seed::text, 'rp', c.n * 256 + mo.m), c.landlord_id, c.id, c.property_id, c.main_tenant_id,
     mo.period, c.rent_amount, st.status,
     case when st.status = 'Paid' then c.rent_amount end, case when st.status = 'Paid' then mo.d + 2 end,
     mo.d, mo.d, mo.last, mo.d, mo.d
   from (select contracts.*, row_number() over (order by id) as n from contracts where landlord_id = :landlord::uuid) c
   cross join lateral (select * from months where months.d >= c.start_date and months.d <= least(coalesce(c.end_date, current_date), current_date)) mo
   cross join lateral (select case when mo.current then 'Pending' when (c.n * 7919 + mo.m * 104729 + :salt::int) % 100 = 0 then 'Overdue' else 'Paid' end as status) st`,

  `insert into certificates (id, landlord_id, property_id, type, issued_date, expiry_date, epc_rating, epc_score, created_at, updated_at)
   select bench_id(:seed::text, 'cert', i * 64 + t.ord * 16 + y), :landlord::uuid, bench_id(:seed::text, 'p', i), t.type,
     (current_date - (y * t.years * 365 + (bench_rnd(:seed::text || ':ci:' || i || t.type) * 300)::int))::date,
     (current_date - (y * t.years * 365 + (bench_rnd(:seed::text || ':ci:' || i || t.type) * 300)::int) + t.years * 365)::date,
     case when t.type = 'EPC' then (array['A','B','C','C','D','D','E','F'])[1 + i % 8] end,
     case when t.type = 'EPC' then 30 + i % 60 end, now(), now()
   from generate_series(1, :n::int) i
   cross join (values (0, 'GSC', 1, 10), (1, 'EICR', 5, 2), (2, 'EPC', 10, 1), (3, 'LANDLORD_LICENCE', 5, 2)) t(ord, type, years, count)
   cross join lateral generate_series(0, t.count - 1) y
   where t.type <> 'LANDLORD_LICENCE' or bench_rnd(:seed::text || ':pl:' || i) < 0.2`,

  `insert into property_documents (id, landlord_id, property_id, name, type, expiry_date, storage_key, content_type, size_bytes, created_at, updated_at)
   select bench_id(:seed::text, 'pd', i * 4 + k), :landlord::uuid, bench_id(:seed::text, 'p', i),
     (array['Inventory','Insurance'])[k + 1] || ' ' || i || '.pdf', (array['Inventory','Insurance'])[k + 1],
     case when k = 1 then current_date + (bench_rnd(:seed::text || ':pde:' || i) * 365)::int end,
     'bench/pd/' || i || '/' || k, 'application/pdf', 120000, now() - interval '1000 days', now()
   from generate_series(1, :n::int) i, generate_series(0, 1) k`,

  `insert into contract_documents (id, landlord_id, contract_id, property_id, name, type, storage_key, content_type, size_bytes, created_at, updated_at)
   select md5(c.id::text || ':cd')::uuid, c.landlord_id, c.id, c.property_id, c.tenancy_reference || '.pdf', 'Contract',
     'bench/cd/' || c.id, 'application/pdf', 250000, c.created_at, c.created_at
   from contracts c where c.landlord_id = :landlord::uuid`,

  `insert into maintenance_issues (id, landlord_id, property_id, title, description, priority, status, category, due_date, resolved_at, created_at, updated_at)
   select bench_id(:seed::text, 'mi', i * 16 + y), :landlord::uuid, bench_id(:seed::text, 'p', i),
     (array['Leaking tap','No hot water','Broken window','Damp in bedroom','Faulty socket'])[1 + (i + y) % 5], '',
     (array['Low','Medium','High','Urgent'])[1 + (i + y) % 4],
     case when y = 0 and bench_rnd(:seed::text || ':mo:' || i) < 0.3 then 'Open' else 'Closed' end,
     (array['Plumbing','Heating','Glazing','Damp','Electrical'])[1 + (i + y) % 5],
     current_date - y * 365 + 14, case when y > 0 then now() - y * interval '365 days' end,
     now() - y * interval '365 days', now() - y * interval '365 days'
   from generate_series(1, :n::int) i, generate_series(0, 9) y`,

  `insert into inspections (id, landlord_id, property_id, inspection_date, inspection_type, status, inspector_name, summary, completed_at, created_at, updated_at)
   select bench_id(:seed::text, 'in', i * 16 + y), :landlord::uuid, bench_id(:seed::text, 'p', i),
     current_date - y * 365 + (bench_rnd(:seed::text || ':id:' || i) * 60)::int, 'routine',
     case when y = 0 then 'scheduled' else 'completed' end, 'Inspector ' || (i % 20),
     case when y > 0 then 'No issues' end, case when y > 0 then now() - y * interval '365 days' end,
     now() - y * interval '365 days' - interval '30 days', now()
   from generate_series(1, :n::int) i, generate_series(0, 9) y`,

  `insert into handbooks (id, landlord_id, property_id, knowledge, created_at, updated_at)
   select bench_id(:seed::text, 'hb', i), :landlord::uuid, bench_id(:seed::text, 'p', i),
     jsonb_build_object('wifi', 'Network unit-' || i, 'bins', 'Tuesday', 'stopcock', 'Under the sink'), now(), now()
   from generate_series(1, :n::int) i`,

  `insert into meters (id, landlord_id, property_id, utility_type, location_description, unit, serial_number, created_at, updated_at)
   select bench_id(:seed::text, 'm', i * 4 + k), :landlord::uuid, bench_id(:seed::text, 'p', i),
     (array['electricity','gas'])[k + 1], 'Hallway cupboard', (array['kWh','m3'])[k + 1], 'SN' || i || k, now(), now()
   from generate_series(1, :n::int) i, generate_series(0, 1) k`,

  `insert into meter_readings (id, landlord_id, meter_id, reading_date, reason, status, registers, created_at, updated_at)
   select bench_id(:seed::text, 'mr', i * 4 + k), :landlord::uuid, bench_id(:seed::text, 'm', i * 4 + k),
     (date_trunc('month', current_date) - interval '40 months')::date, 'check_in', 'actual',
     jsonb_build_array(jsonb_build_object('register', 'single', 'value', 1000 + i % 5000)), now(), now()
   from generate_series(1, :n::int) i, generate_series(0, 1) k`,

  `insert into suppliers (id, landlord_id, property_id, utility_type, supplier_name, account_number, created_at, updated_at)
   select bench_id(:seed::text, 's', i * 4 + k), :landlord::uuid, bench_id(:seed::text, 'p', i),
     (array['electricity','water'])[k + 1], (array['Bright Energy','Wessex Water'])[k + 1], 'ACC' || i, now(), now()
   from generate_series(1, :n::int) i, generate_series(0, 1) k`,
];

/** Migrates an empty database (with `migrate`: another checkout's migrations for a baseline), then loads one Enterprise landlord of `properties` properties and its API key. */
export async function loadPortfolio(
  databaseUrl: string,
  properties: number,
  seed = 'bench-portfolio-1',
  migrate: (knex: Knex) => Promise<void> = migrateLatest,
): Promise<Portfolio> {
  const started = process.hrtime.bigint();
  const knex: Knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  const steps: Record<string, number> = {};
  let stepStarted = process.hrtime.bigint();
  const step = (name: string): void => {
    const now = process.hrtime.bigint();
    steps[name] = Math.round(Number(now - stepStarted) / 1e8) / 10;
    stepStarted = now;
  };
  try {
    await migrate(knex);
    step('migrate');
    const landlordId = uuidOf(seed, ':landlord');
    const apiKey = `svc_live_bench${createHash('sha256').update(seed).digest('hex').slice(0, 40)}`;
    await knex('landlords').insert({
      id: landlordId,
      name: 'Large Portfolio Lettings',
      email: 'ops@large.example',
      plan: 'Enterprise',
      subscription_status: 'active',
      timezone: 'Europe/London',
    });
    await knex('api_keys').insert({
      id: uuidOf(seed, ':key'),
      landlord_id: landlordId,
      name: 'benchmark',
      key_hash: createHash('sha256').update(apiKey).digest('hex'),
      last4: apiKey.slice(-4),
      mode: 'live',
      scope: 'read_write',
      rate_limits: JSON.stringify({ readsPerMinute: 1e9, readsPerDay: 1e12 }),
    });
    const digest = createHash('sha256').update(seed).digest('hex');
    const bindings = {
      seed,
      landlord: landlordId,
      n: properties,
      salt: Number.parseInt(digest.slice(12, 18), 16) % 100,
    };
    // One connection (pool of 1), so these settings hold for every statement. The rows are consistent by
    // construction: foreign-key triggers are skipped for the load (replica role), as a restore does, and the
    // tables' secondary indexes are dropped and rebuilt from their own definitions (a sort beats six million
    // random index inserts): the schema after the load is exactly the migrations'.
    await knex.raw(`set session_replication_role = replica`);
    // Whether the schema has a function (a baseline checkout from before its migration has not).
    const hasFunction = async (name: string): Promise<boolean> =>
      (await knex.raw<{ rows: Array<{ present: boolean }> }>('select to_regproc(?) is not null as present', [name]))
        .rows[0]?.present === true;
    await knex.raw(`set maintenance_work_mem = '256MB'`);
    await knex.raw('set jit = off');
    const indexes = (
      await knex.raw<{ rows: Array<{ indexname: string; indexdef: string }> }>(
        `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = any(?) and indexname not in (select conname from pg_constraint)`,
        [[...TABLES]],
      )
    ).rows;
    for (const index of indexes) await knex.raw('drop index ??', [index.indexname]);
    step('drop indexes');
    for (const sql of STATEMENTS) {
      await knex.raw(sql, bindings);
      const table = /^\s*insert into (\w+)/.exec(sql)?.[1];
      if (table) step(table);
    }
    // The facts the database keeps about certificates are kept by triggers, which the replica role skips: derived
    // once for the whole load instead, before the indexes are rebuilt. Deriving them updates most certificate and
    // property rows, which would leave both tables half dead tuples (every scan of them about 1.5x to 2x the pages a
    // database kept by triggers holds): they are rewritten compactly.
    if (await hasFunction('refresh_certificate_facts')) {
      await knex.raw('select refresh_certificate_facts(null)');
      await knex.raw('vacuum full properties, certificates');
      step('certificate facts');
    }
    // Likewise the list counts by date (migration 20261127000000_list_counts); inserts only, so no dead tuples.
    if (await hasFunction('refresh_landlord_counts')) {
      await knex.raw('select refresh_landlord_counts(?)', [landlordId]);
      step('list counts');
    }
    // And the ended contracts' sweep (migration 20261127000400_contract_sweeps), up to yesterday as the migration
    // does; the first read of the day sweeps the rest. Archiving updates most contract rows: rewritten compactly.
    if (await hasFunction('sweep_ended_contracts')) {
      await knex.raw('select sweep_ended_contracts(?, current_date - 1)', [landlordId]);
      await knex.raw('vacuum full contracts');
      step('contract sweep');
    }
    for (const index of indexes) await knex.raw(index.indexdef);
    step('indexes');
    await knex.raw(`set session_replication_role = origin`);
    // Vacuumed as well as analyzed: the state autovacuum brings a database to after a bulk write, in which the
    // visibility map lets index-only scans skip the heap (without it every one of them visits the heap anyway).
    await knex.raw('vacuum analyze');
    step('vacuum analyze');
    const rows: Record<string, number> = {};
    const id = (kind: string, n: number): string => {
      const hex = `${createHash('md5').update(`${seed}:${kind}`).digest('hex').slice(0, 12)}40008${n.toString(16).padStart(15, '0')}`;
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    };
    for (const table of TABLES) rows[table] = Number(((await knex(table).count('* as n').first()) as { n: string }).n);
    const overdue = (await knex('rent_payments')
      .where({ landlord_id: landlordId, status: 'Overdue' })
      .orderBy('id')
      .select('id')
      .first()) as { id: string };
    return {
      landlordId,
      apiKey,
      properties,
      rows,
      propertyId: id('p', Math.ceil(properties / 2)),
      rentPaymentId: overdue.id,
      loadSeconds: Number(process.hrtime.bigint() - started) / 1e9,
      steps,
    };
  } finally {
    await knex.destroy();
  }
}
