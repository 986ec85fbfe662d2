// Fault injection (test/e2e/support/fault-tests.ts) for the calls of
// test/e2e/support/fault-calls-session.ts: each broken in every way on the screen that makes it.
import { SESSION_CALLS } from './support/fault-calls-session.ts';
import { faultTests } from './support/fault-tests.ts';

faultTests(SESSION_CALLS);
