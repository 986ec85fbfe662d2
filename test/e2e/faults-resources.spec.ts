// Fault injection (test/e2e/support/fault-tests.ts) for the calls of
// test/e2e/support/fault-calls-resources.ts: each broken in every way on the screen that makes it.
import { RESOURCE_CALLS } from './support/fault-calls-resources.ts';
import { faultTests } from './support/fault-tests.ts';

faultTests(RESOURCE_CALLS);
