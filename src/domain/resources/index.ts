import type { Resource, ResourceIdentity } from '../resource';
import * as registry from './registry';
import { customerResource } from './customer';
import { membershipTemplateResource } from './membershipTemplate';

/**
 * Every declared resource (./registry.ts, one line each): the dataProvider entries, the
 * security-matrix rows, the labels' and the menu's checks are derived from this list.
 */
export const RESOURCE_DEFINITIONS: readonly Resource[] = Object.values(registry);

/**
 * The declared resources with their fields, and those declared without (customers and membership
 * templates, whose server routes and pages stay their own): the menu items and the dataProvider entries come from this.
 */
export const DECLARED_RESOURCES: readonly ResourceIdentity[] = [...RESOURCE_DEFINITIONS, customerResource, membershipTemplateResource];
