// One plugin per resource group. Add a group here to publish it under the public prefix.
import type { Plugin } from '@hapi/hapi';
import { propertiesPlugin } from '../resources/properties/routes';
import { contractsPlugin } from '../resources/contracts/routes';
import { compliancePlugin } from '../resources/compliance/routes';
import { calendarPlugin } from '../resources/calendar/routes';
import { imagesPlugin } from '../resources/images/routes';
import { documentsPlugin } from '../resources/documents/routes';
import { handbookPlugin } from '../resources/handbook/routes';
import { rentPlugin } from '../resources/rent/routes';
import { teamPlugin } from '../resources/team/routes';
import { subscriptionPlugin } from '../resources/subscription/routes';
import { tenantsPlugin } from '../resources/tenants/routes';
import { contactsPlugin } from '../resources/contacts/routes';
import { mortgagesPlugin } from '../resources/mortgages/routes';
import { chatPlugin } from '../resources/chat/routes';
import { maintenancePlugin } from '../resources/maintenance/routes';
import { inspectionsPlugin } from '../resources/inspections/routes';

export const RESOURCE_PLUGINS: ReadonlyArray<Plugin<void>> = [
  propertiesPlugin,
  contractsPlugin,
  compliancePlugin,
  calendarPlugin,
  imagesPlugin,
  documentsPlugin,
  handbookPlugin,
  rentPlugin,
  teamPlugin,
  subscriptionPlugin,
  tenantsPlugin,
  contactsPlugin,
  mortgagesPlugin,
  chatPlugin,
  maintenancePlugin,
  inspectionsPlugin,
];
