import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import './jsdomLabels';
import './emotionReset';

// Tests wait for conditions (findBy…, waitFor on an answered request), never for time. These are
// only the ceilings of those waits: on a busy machine (load average 8+) a render after an answered
// request can take seconds, and testing-library's default of 1 s made passing tests fail. A test
// that passes never waits for the ceiling; the per-test ceiling is vitest.config.ts's testTimeout.
configure({ asyncUtilTimeout: 15_000 });
