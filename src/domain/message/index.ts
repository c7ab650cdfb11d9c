/** The messages area's shared rules (issue 25): used by the composer and the server alike. */
export * from './texts';
export * from './text';
export * from './variables';
export * from './law';
export * from './template';
export * from './campaign';
export * from './auto';
export * from './channel';
export * from './webhooks';
export * from './tracking';
