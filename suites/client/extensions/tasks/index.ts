// extensions/tasks, client side: the tasks extension (io.modelcontextprotocol/tasks) of
// 2026-07-28, the client's half. The checks judge a client driven by a tasks contract against a
// server that answers a tools/call with a task (suites/client/scenarios/tasks-extension.ts).
// Its digest lines are traced with the core task rules (suites/client/basic/utilities/tasks.ts).
import type { PageGroup } from '../../../../harness/checks/page.js';
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import { taskRequestClientChecks } from './task-requests.js';

export const group: PageGroup<ClientCheck> = { checks: [...taskRequestClientChecks], excluded: {} };
