// A 2026-07-28 server that answers a tools/call with resultType "task" although no tasks extension
// was negotiated: it advertises none (EXT-002, BASE-013: "The set of supported ResultType values
// MUST be created from the set defined in the core protocol and include any additional values of
// supported extensions that are advertised via capabilities"). The client must take the result
// as invalid, so it has no task to follow: tasks/get of that taskId shows it took one.
import type { ClientScenario } from '../../../harness/client/scenario.js';

export const UNNEGOTIATED_TASK = 'tasks.unnegotiated-task-result';
export const UNNEGOTIATED_TASK_TOOL = 'long-report';

export const unnegotiatedTaskScenario: ClientScenario = {
  id: UNNEGOTIATED_TASK,
  title: 'A server of no extension whose tool answers with resultType "task"',
  revisions: '2026-07-28',
  transports: 'any',
  server: {
    capabilities: { tools: {} },
    tools: [
      {
        name: UNNEGOTIATED_TASK_TOOL,
        description: 'Writes a long report',
        inputSchema: { type: 'object', properties: {} },
        run: () => {
          const now = new Date().toISOString();
          const taskId = `task-unnegotiated-${Math.random().toString(36).slice(2, 10)}`;
          // The scripted server adds serverInfo; this resultType stands over its "complete".
          return { result: { resultType: 'task', taskId, status: 'working', createdAt: now, lastUpdatedAt: now, ttlMs: 60_000, pollIntervalMs: 100 } };
        },
      },
    ],
  },
};
