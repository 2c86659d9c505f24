// The tools that run as tasks (2025-11-25 core tasks and the 2026-07-28 tasks extension): one
// that may (taskSupport "optional") and one that must (taskSupport "required"). Both are
// read-only and take a short, configurable time, so a tester can watch a task work and end.
import type { ToolDef } from './tools.js';
import { READ_ONLY, sleep, text } from './tool-kit.js';
import type { ArgSchema } from '../validate.js';

const REPORT_SCHEMA: ArgSchema = {
  type: 'object',
  properties: {
    ms: { type: 'integer', minimum: 0, maximum: 5000, description: 'How long the report takes, in milliseconds (default 300)' },
    topic: { type: 'string', description: 'What the report is about' },
  },
  additionalProperties: false,
};

const DEFAULT_MS = 300;

function report(kind: string): ToolDef['run'] {
  return async (args, ctx) => {
    const ms = typeof args.ms === 'number' ? args.ms : DEFAULT_MS;
    await sleep(ms, ctx.signal); // rejects at once when the task is cancelled
    return { content: [text(`${kind} on ${typeof args.topic === 'string' ? args.topic : 'nothing in particular'}, ready after ${ms} ms.`)] };
  };
}

export const TASK_TOOLS: readonly ToolDef[] = [
  {
    name: 'slow_report',
    title: 'Slow report',
    description: 'Builds a report in ms milliseconds (default 300). May run as a task: ask with params.task (2025-11-25) or declare the io.modelcontextprotocol/tasks extension (2026-07-28).',
    inputSchema: REPORT_SCHEMA,
    annotations: { ...READ_ONLY, idempotentHint: true },
    since: '2025-11-25',
    taskSupport: 'optional',
    run: report('Report'),
  },
  {
    name: 'batch_report',
    title: 'Batch report',
    description: 'Builds a batch report in ms milliseconds (default 300). Runs only as a task: params.task (2025-11-25) or the io.modelcontextprotocol/tasks extension (2026-07-28).',
    inputSchema: REPORT_SCHEMA,
    annotations: { ...READ_ONLY, idempotentHint: true },
    since: '2025-11-25',
    taskSupport: 'required',
    run: report('Batch report'),
  },
];
