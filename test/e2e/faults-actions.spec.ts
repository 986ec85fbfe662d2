// Fault injection (test/e2e/support/fault-tests.ts) for the calls of
// test/e2e/support/fault-calls-actions.ts: each broken in every way on the screen that makes it.
import { ACTION_CALLS } from './support/fault-calls-actions.ts';
import { faultTests } from './support/fault-tests.ts';

faultTests(ACTION_CALLS);
