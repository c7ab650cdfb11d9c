import { walkRole } from './walk';

// Every screen of the route table this role may open (tests/e2e/a11y/walk.ts).
await walkRole('staff@demo.test', 'a sub-account');
