// Reads for the compliance summary: the landlord's properties with their derived status, and the latest
// certificate of each type (the same reads the property resource uses, so both agree).
import type { Knex } from 'knex';
import { Property, type Certificate, type Scope } from '../../persistence/models';
import { latestCertificates, propertyStatusSql, type PropertyStatus } from '../properties/repository';

export type PropertyWithStatus = Property & { derived_status: PropertyStatus };

export async function propertiesWithStatus(scope: Scope, today: string): Promise<PropertyWithStatus[]> {
  const knex = scope.db as Knex;
  return (await Property.scoped(scope)
    .select('properties.*', knex.raw(`(${propertyStatusSql(knex, today).toQuery()}) as derived_status`))
    .orderBy('properties.short_name')
    .orderBy('properties.id')) as PropertyWithStatus[];
}

export const certificatesOf = (scope: Scope, propertyIds: readonly string[]): Promise<Map<string, Map<Certificate['type'], Certificate>>> =>
  latestCertificates(scope, propertyIds);
