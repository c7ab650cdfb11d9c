import { walkRole } from './walk';

// Every screen of the route table this role may open (tests/e2e/a11y/walk.ts).
await walkRole('repair@demo.test', 'the repair partner');
