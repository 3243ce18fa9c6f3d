// Migrations are listed here rather than discovered from disk so they load the same way under tsx,
// jest and a compiled build. Append new migrations in timestamp order.
import type { Knex } from 'knex';
import * as platform from './20261121000000_platform';
import * as outbox from './20261121000100_outbox';
import * as mediaStorage from './20261121000437_media_storage';
import * as invoiceEmailSends from './20261121000500_invoice_email_sends';
import * as otherResources from './20261121000700_other_resources';
import * as webhookDeliveries from './20261121000900_webhook_deliveries';
import * as portfolioIndexes from './20261125000000_portfolio_indexes';
import * as calendarIndexes from './20261125000100_calendar_indexes';
import * as rentDueCovering from './20261125000200_rent_due_covering';
import * as certificateFacts from './20261126000000_certificate_facts';
import * as pgcrypto from './20261126000100_pgcrypto';
import * as latestCertificateFacts from './20261126000200_latest_certificate_facts';
import * as listCounts from './20261127000000_list_counts';
import * as contractsOrderCovering from './20261127000100_contracts_order_covering';
import * as calendarHiddenRows from './20261127000200_calendar_hidden_rows';
import * as rentEventIds from './20261127000300_rent_event_ids';
import * as contractSweeps from './20261127000400_contract_sweeps';
import * as calendarEventIds from './20261127000500_calendar_event_ids';
import * as propertyJsonValues from './20261128000000_property_json_values';
import * as keptComplianceSummary from './20261129000000_kept_compliance_summary';
import * as serverSecrets from './20261130000000_server_secrets';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

const MIGRATIONS: ReadonlyArray<readonly [string, Migration]> = [
  ['20261121000000_platform', platform],
  ['20261121000100_outbox', outbox],
  ['20261121000437_media_storage', mediaStorage],
  ['20261121000500_invoice_email_sends', invoiceEmailSends],
  ['20261121000700_other_resources', otherResources],
  ['20261121000900_webhook_deliveries', webhookDeliveries],
  ['20261125000000_portfolio_indexes', portfolioIndexes],
  ['20261125000100_calendar_indexes', calendarIndexes],
  ['20261125000200_rent_due_covering', rentDueCovering],
  ['20261126000000_certificate_facts', certificateFacts],
  ['20261126000100_pgcrypto', pgcrypto],
  ['20261126000200_latest_certificate_facts', latestCertificateFacts],
  ['20261127000000_list_counts', listCounts],
  ['20261127000100_contracts_order_covering', contractsOrderCovering],
  ['20261127000200_calendar_hidden_rows', calendarHiddenRows],
  ['20261127000300_rent_event_ids', rentEventIds],
  ['20261127000400_contract_sweeps', contractSweeps],
  ['20261127000500_calendar_event_ids', calendarEventIds],
  ['20261128000000_property_json_values', propertyJsonValues],
  ['20261129000000_kept_compliance_summary', keptComplianceSummary],
  ['20261130000000_server_secrets', serverSecrets],
];

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => MIGRATIONS.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const found = MIGRATIONS.find(([n]) => n === name);
    if (!found) throw new Error(`unknown migration ${name}`);
    return found[1];
  },
};

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: source });
}

export async function migrateRollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback({ migrationSource: source }, true);
}
