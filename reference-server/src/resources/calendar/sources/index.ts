// Every calendar source: add one here to publish more events. Insurance and Schedule have no source (no
// insurance or schedule records exist in the system): a request for only those types answers an empty list.
import type { CalendarSource } from '../model';
import { certificateExpiriesSource, recordedRenewalsSource } from './compliance';
import { contractEndsSource, contractStartsSource } from './contracts';
import { inspectionsSource } from './inspections';
import { maintenanceSource } from './maintenance';
import { propertyDocumentsSource } from './property-documents';
import { rentSource } from './rent';
import { tenantsSource } from './tenants';

export const CALENDAR_SOURCES: readonly CalendarSource[] = [
  contractStartsSource,
  contractEndsSource,
  rentSource,
  certificateExpiriesSource,
  recordedRenewalsSource,
  tenantsSource,
  propertyDocumentsSource,
  maintenanceSource,
  inspectionsSource,
];
