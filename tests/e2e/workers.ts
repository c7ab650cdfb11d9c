/**
 * The e2e files run this many at a time, each worker on a server of its own (globalSetup.ts). A
 * file's flows wait on the browser and the server more than they use a core (0.6 of one, measured
 * on the 2-core CI machine), so two at a time nearly halve the stage.
 */
export const E2E_WORKERS = 2;
