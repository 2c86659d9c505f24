// The tools the reference server offers (8 legacy, 10 at 2025-11-25: two pages of 5, and ask_model
// besides to a client declaring sampling, tasks/requestor.ts; 13 at 2026-07-28), and how each revision sees them.
import { isOn } from '../faults.js';
import { isPlainObject, isValidId, notification } from '../jsonrpc.js';
import type { InputRequired } from '../modern/mrtr.js';
import { atLeast, type AnyRevision } from '../revisions.js';
import type { RequestContext } from '../session.js';
import type { ArgSchema } from '../validate.js';
import { ICONS, PNG_1X1 } from './media.js';
import { resourcesHidden } from './resources.js';
import { MODERN_TOOLS } from './modern-tools.js';
import { TASK_TOOLS } from './task-tools.js';
import { coreTasksAt } from '../tasks/core.js';
import { NO_ARGS, READ_ONLY, sleep, text, type Content, type Hints } from './tool-kit.js';

export type { Content } from './tool-kit.js';

export interface ToolOutput {
  content: Content[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  inputSchema: ArgSchema;
  /** Declared from 2025-06-18 (tools#output-schema); the result then carries structuredContent. */
  outputSchema?: Record<string, unknown>;
  annotations: Hints;
  /** The first revision that offers the tool (absent: all). */
  since?: AnyRevision;
  /** Whether calls may or must run as tasks (basic/utilities/tasks, 2025-11-25 on); absent: never. */
  taskSupport?: 'optional' | 'required';
  /** A modern tool may answer with an InputRequiredResult (basic/patterns/mrtr). */
  run(args: Record<string, unknown>, ctx: RequestContext): ToolOutput | InputRequired | Promise<ToolOutput | InputRequired>;
}

/** params._meta.progressToken when it is a valid token (basic/utilities/progress). */
function progressToken(ctx: RequestContext): string | number | undefined {
  const meta = ctx.params._meta;
  return isPlainObject(meta) && isValidId(meta.progressToken) ? meta.progressToken : undefined;
}

const LEGACY_TOOLS: readonly ToolDef[] = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Returns the message it was given.',
    inputSchema: { type: 'object', properties: { message: { type: 'string', description: 'Text to echo back' } }, required: ['message'] },
    annotations: { ...READ_ONLY, idempotentHint: true },
    run: (args) => ({ content: [text(String(args.message))] }),
  },
  {
    name: 'add',
    title: 'Add two numbers',
    description: 'Adds a and b; the sum is also returned as structured content.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number', description: 'First addend' }, b: { type: 'number', description: 'Second addend' } },
      required: ['a', 'b'],
    },
    outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    annotations: { ...READ_ONLY, idempotentHint: true },
    run: (args) => {
      const sum = (args.a as number) + (args.b as number);
      const data = isOn('tools-structured-content-invalid') ? { total: sum } : { sum };
      // tools#structured-content: the serialized JSON also goes in a text block.
      const serialized = isOn('tools-structured-without-text') ? `The sum is ${sum}` : JSON.stringify(data);
      return { content: [text(serialized)], structuredContent: data };
    },
  },
  {
    name: 'slow',
    title: 'Slow operation',
    description: 'Waits ms milliseconds (at most 10000), reporting progress when asked; stops on cancellation.',
    inputSchema: {
      type: 'object',
      properties: { ms: { type: 'integer', minimum: 0, maximum: 10000, description: 'How long to wait' } },
      required: ['ms'],
    },
    annotations: { ...READ_ONLY, idempotentHint: true },
    // Progress faults of faults/utilities.ts live here: the only tool that reports progress.
    run: async (args, ctx) => {
      const ms = args.ms as number;
      const steps = Math.max(1, Math.min(10, Math.ceil(ms / 100)));
      const token = progressToken(ctx);
      // progress#behavior-requirements: only tokens of active requests.
      if (isOn('progress-unknown-token')) ctx.notify('notifications/progress', { progressToken: 'reference-unknown-token', progress: 1 });
      // progress#progress-flow: total is the whole (progress never exceeds it).
      const total = isOn('progress-over-total') ? steps - 1 : steps;
      for (let i = 1; i <= steps; i++) {
        await sleep(ms / steps, ctx.signal).catch((e: unknown) => {
          // 2026-07-28 stdio#cancellation: nothing more for a cancelled request (a fault's step
          // timer survives the cancellation and sends one more progress a step later).
          if (token !== undefined && ctx.modern && isOn('modern-progress-after-cancel')) {
            setTimeout(() => ctx.channel.send(notification('notifications/progress', { progressToken: token, progress: i })), ms / steps);
          }
          throw e;
        }); // rejects at once on cancellation
        if (token !== undefined) {
          const p: Record<string, unknown> = { progressToken: token, progress: i, total };
          if (atLeast(ctx.revision, '2025-03-26')) p.message = isOn('progress-empty-message') ? '' : `Step ${i} of ${steps}`;
          ctx.notify('notifications/progress', p);
          // progress#progress-flow: the value MUST increase with each notification.
          if (i === 1 && isOn('progress-not-increasing')) ctx.notify('notifications/progress', p);
        }
      }
      // progress#behavior-requirements: no progress once the operation is complete.
      if (token !== undefined && isOn('progress-after-response')) {
        ctx.after(() => ctx.notify('notifications/progress', { progressToken: token, progress: steps + 1 }));
      }
      // The same, from a timer of the work's own: a step after the response.
      if (token !== undefined && isOn('progress-after-response-later')) {
        setTimeout(() => ctx.channel.send(notification('notifications/progress', { progressToken: token, progress: steps + 1 })), ms / steps);
      }
      // cancellation#behavior-requirements: servers send notifications/cancelled only to end a listen.
      if (ctx.modern && isOn('modern-server-sends-cancelled')) ctx.notify('notifications/cancelled', { requestId: ctx.id, reason: 'took too long' });
      return { content: [text(`Waited ${ms} ms`)] };
    },
  },
  {
    // A getter, so the fault (enabled after this module loads) renames it for list and call alike.
    get name() {
      return isOn('tools-name-invalid') ? 'get time' : 'get_time';
    },
    title: 'Current time',
    description: 'Returns the current time in ISO 8601.',
    inputSchema: NO_ARGS,
    annotations: READ_ONLY,
    run: () => ({ content: [text(new Date().toISOString())] }),
  },
  {
    name: 'get_image',
    title: 'Sample image',
    description: 'Returns a 1x1 PNG image.',
    inputSchema: NO_ARGS,
    annotations: { ...READ_ONLY, idempotentHint: true },
    run: () => {
      const content: Content[] = [{ type: 'image', data: PNG_1X1, mimeType: 'image/png' }];
      // tools#embedded-resources: under its fault the server embeds a resource without declaring resources.
      if (resourcesHidden()) content.push({ type: 'resource', resource: { uri: 'test://static/readme', mimeType: 'text/plain', text: 'This is the reference server of mcp-conformance.' } });
      return { content };
    },
  },
  ...TASK_TOOLS,
  {
    name: 'write_note',
    title: 'Write a note',
    description: 'Stores a note in this session (not read-only, not destructive).',
    inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'The note' } }, required: ['text'] },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: (args, ctx) => {
      ctx.session.notes.push(String(args.text));
      return { content: [text(`Saved note #${ctx.session.notes.length}`)] };
    },
  },
  {
    name: 'delete_all_notes',
    title: 'Delete all notes',
    description: 'Deletes every note of this session (destructive).',
    inputSchema: NO_ARGS,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: (_args, ctx) => {
      const n = ctx.session.notes.splice(0).length;
      return { content: [text(`Deleted ${n} notes`)] };
    },
  },
  {
    name: 'fail',
    title: 'Always fails',
    description: 'Always reports a tool execution error (isError: true).',
    inputSchema: NO_ARGS,
    annotations: { ...READ_ONLY, idempotentHint: true },
    run: (_args, ctx) => {
      ctx.log('error', { tool: 'fail', message: 'the fail tool failed, as it always does' });
      return { content: [text('This tool always fails.')], isError: true };
    },
  },
];

/** Every tool; each era lists those offered at its revision (`since`). */
export const TOOLS: readonly ToolDef[] = [...LEGACY_TOOLS, ...MODERN_TOOLS];

/** A tool as tools/list shows it at `rev` (only members that revision's schema has). */
export function renderTool(def: ToolDef, rev: AnyRevision): Record<string, unknown> {
  const out: Record<string, unknown> = { name: def.name };
  if (atLeast(rev, '2025-06-18')) out.title = def.title;
  out.description = def.description;
  out.inputSchema = def.inputSchema;
  if (def.outputSchema && atLeast(rev, '2025-06-18')) out.outputSchema = def.outputSchema;
  if (atLeast(rev, '2025-03-26')) out.annotations = def.annotations;
  if (atLeast(rev, '2025-11-25')) out.icons = ICONS;
  if (def.taskSupport && coreTasksAt(rev)) out.execution = { taskSupport: def.taskSupport };
  return out;
}

/** A tool result as `rev` allows it (structuredContent exists from 2025-06-18). */
export function renderOutput(out: ToolOutput, rev: AnyRevision): Record<string, unknown> {
  const result: Record<string, unknown> = { content: out.content };
  if (out.structuredContent && atLeast(rev, '2025-06-18')) result.structuredContent = out.structuredContent;
  if (out.isError) result.isError = true;
  return result;
}
