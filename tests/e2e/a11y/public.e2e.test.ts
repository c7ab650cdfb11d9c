import { walkPublic } from './walk';

// Every signed-out page of the route table (tests/e2e/a11y/walk.ts).
walkPublic();
