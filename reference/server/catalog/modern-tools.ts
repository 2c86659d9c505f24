// The tools only 2026-07-28 offers: a multi round-trip tool (elicitation), a tool whose call
// notifies subscriptions (so listen streams have something real to carry), and a tool with
// x-mcp-header parameters (Mcp-Param-* headers over HTTP). All read-only.
import { isOn } from '../faults.js';
import { publishResourceUpdated } from '../modern/listen.js';
import { elicit } from '../modern/mrtr.js';
import { MODERN } from '../revisions.js';
import type { ArgSchema } from '../validate.js';
import { RESOURCES } from './resources.js';
import type { ToolDef } from './tools.js';
import { NO_ARGS, READ_ONLY, sleep, text } from './tool-kit.js';

export const NAME_QUESTION = {
  key: 'user_name',
  message: 'What is your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name', minLength: 1 } }, required: ['name'] },
};

const ROUTE_SCHEMA: ArgSchema = {
  type: 'object',
  properties: {
    region: { type: 'string', description: 'Where to route', 'x-mcp-header': 'Region' },
    shard: { type: 'integer', description: 'Shard number', 'x-mcp-header': 'Shard' },
    dryRun: { type: 'boolean', description: 'Only pretend', 'x-mcp-header': 'DryRun' },
  },
  required: ['region'],
};

export const MODERN_TOOLS: readonly ToolDef[] = [
  {
    name: 'greet_user',
    title: 'Greet the user',
    description: 'Greets the user by name; asks for the name with an elicitation (multi round-trip; needs the elicitation capability).',
    inputSchema: NO_ARGS,
    annotations: { ...READ_ONLY, idempotentHint: true },
    since: MODERN,
    run: (_args, ctx) => {
      const answer = elicit(ctx, NAME_QUESTION);
      if ('resultType' in answer) return answer;
      if (answer.action !== 'accept') return { content: [text(`No greeting: the user chose to ${answer.action} the question.`)] };
      return { content: [text(`Hello, ${String(answer.content.name ?? 'stranger')}!`)] };
    },
  },
  {
    name: 'touch_resource',
    title: 'Touch a resource',
    description:
      'Reports a listed resource as updated (after delayMs, cancellable): subscriptions/listen streams that subscribed to the URI ' +
      'get notifications/resources/updated. Nothing is modified.',
    inputSchema: {
      type: 'object',
      properties: {
        uri: { type: 'string', description: 'A URI from resources/list' },
        delayMs: { type: 'integer', minimum: 0, maximum: 5000, description: 'Wait this long first' },
      },
      required: ['uri'],
    },
    annotations: { ...READ_ONLY, idempotentHint: true },
    since: MODERN,
    run: async (args, ctx) => {
      const uri = String(args.uri);
      if (!RESOURCES.some((r) => r.uri === uri)) return { content: [text(`No listed resource ${uri}`)], isError: true };
      if (typeof args.delayMs === 'number' && args.delayMs > 0) await sleep(args.delayMs, ctx.signal);
      const n = publishResourceUpdated(uri);
      return { content: [text(`Touched ${uri} (${n} subscription${n === 1 ? '' : 's'} notified)`)] };
    },
  },
  {
    name: 'route',
    title: 'Route a request',
    description: 'Says where a request would go. Over HTTP its arguments are mirrored into Mcp-Param-Region, -Shard and -DryRun headers.',
    // A getter, so the fault (enabled after this module loads) shows in list and call alike.
    get inputSchema(): ArgSchema {
      const properties = { ...ROUTE_SCHEMA.properties };
      if (isOn('modern-x-mcp-header-invalid')) properties.note = { type: 'string', description: 'A note', 'x-mcp-header': 'Bad Name' };
      // tools#x-mcp-header: sensitive values SHOULD NOT be mirrored into headers.
      if (isOn('modern-x-mcp-header-sensitive')) properties.apiToken = { type: 'string', description: 'API token', 'x-mcp-header': 'Api-Token' };
      return { ...ROUTE_SCHEMA, properties };
    },
    annotations: { ...READ_ONLY, idempotentHint: true },
    since: MODERN,
    run: (args) => ({ content: [text(`region=${String(args.region)} shard=${String(args.shard ?? 0)} dryRun=${String(args.dryRun ?? false)}`)] }),
  },
];
