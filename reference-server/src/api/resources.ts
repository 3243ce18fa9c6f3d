// One plugin per resource group. Add a group here to publish it under the public prefix.
import type { Plugin } from '@hapi/hapi';
import { propertiesPlugin } from '../resources/properties/routes';

export const RESOURCE_PLUGINS: ReadonlyArray<Plugin<void>> = [
  propertiesPlugin,
];
