// The work a well-behaved general client does with whatever server it is given: list what
// the server declared (following every cursor), call each tool once, read resources, get
// prompts, ask for one completion. A failing request is logged and the work goes on.
import { isOn } from './faults.js';
import { isObject, type Json } from './jsonrpc.js';
import { Fatal, describe, verbose } from './log.js';
import { fetchNetworkReferences } from './network-references.js';
import { atLeast } from './revisions.js';
import { argumentsFor } from './schema-values.js';
import type { Session } from './session.js';
import { skillsAskedFor, skillsDeclared, useSkills } from './skills/index.js';
import { AuthRequiredError, ChannelClosedError } from './transports/channel.js';
import { TASK_PARAMS, callsAsTask, createdTaskOf, followBaseTask, followTask, isCreatedTask } from './tasks.js';

const LIMITS = { tools: 10, resources: 5, prompts: 5 } as const;
const MAX_PAGES = 100;

let progressCounter = 0;

/** Errors after which nothing more can be done. */
function isFatal(e: unknown): boolean {
  return e instanceof Fatal || e instanceof ChannelClosedError || e instanceof AuthRequiredError;
}

/** Filled only under the fault cache-keyed-on-method: this client caches nothing. */
const cachedByMethod = new Map<string, Json>();

async function attempt(session: Session, method: string, params: Json): Promise<Json | undefined> {
  const cached = cachedByMethod.get(method);
  if (cached) return cached;
  try {
    const result = await session.request(method, params);
    // CACHE-004: a cache key is the method and its params; the fault keys on the method alone.
    if (typeof result.ttlMs === 'number' && result.ttlMs > 0 && isOn('cache-keyed-on-method')) cachedByMethod.set(method, result);
    return result;
  } catch (e) {
    if (isFatal(e)) throw e;
    verbose(`${method} failed: ${describe(e)}`);
    return undefined;
  }
}

/** Every page of a paginated list (PAGE-001..004: the cursor is opaque; only its absence ends). */
async function list(session: Session, method: string, key: string): Promise<Json[]> {
  const items: Json[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params: Json = cursor === undefined ? {} : { cursor: isOn('pagination-cursor-modified') ? encodeURIComponent(cursor) : cursor };
    const result = await attempt(session, method, params);
    if (!result) break;
    const got = result[key];
    if (Array.isArray(got)) items.push(...got.filter(isObject));
    const next = result.nextCursor;
    if (typeof next !== 'string') {
      if (isOn('pagination-continues-without-cursor') && method === 'tools/list') await attempt(session, method, {});
      break;
    }
    if ((next === '' && isOn('pagination-empty-cursor-ends')) || isOn('pagination-stops-early')) break;
    // A cursor seen before would loop forever: stop there.
    if (seen.has(next)) break;
    seen.add(next);
    cursor = next;
  }
  return items;
}

function progressToken(): string | number {
  return isOn('progress-token-invalid') ? 1.5 : `ref-progress-${++progressCounter}`;
}

async function callTools(session: Session, tools: Json[]): Promise<void> {
  const calls = tools
    .filter((t) => typeof t.name === 'string')
    // TASK-003: a tool that requires a task is called only as one (when the contract asks for it).
    .filter((t) => callsAsTask(session, t) || !(isObject(t.execution) && t.execution.taskSupport === 'required'))
    .slice(0, LIMITS.tools)
    .map((t) => {
      const params: Json = { name: t.name, arguments: argumentsFor(t.inputSchema), _meta: { progressToken: progressToken() } };
      if (isOn('meta-key-invalid')) (params._meta as Json)['ref client/trace'] = 'x';
      if (callsAsTask(session, t) || (isOn('task-augmented-undeclared') && session.revision === '2025-11-25')) params.task = { ...TASK_PARAMS };
      return params;
    });
  if (isOn('progress-token-duplicate')) await reuseActiveToken(session, calls);
  for (const params of calls) {
    const result = await attempt(session, 'tools/call', params);
    if (result && isCreatedTask('tools/call', result)) await followTask(session, result);
    const task = result && params.task !== undefined ? createdTaskOf(result) : undefined;
    if (task) await followBaseTask(session, task);
  }
}

/**
 * PROG-001 broken for certain (fault progress-token-duplicate): a call goes out with the token
 * of one the server shows at work (its progress came), not one merely sent, which a prompt
 * answer may already have ended. Calls whose answer comes first go by as usual.
 */
async function reuseActiveToken(session: Session, calls: Json[]): Promise<void> {
  const pending: Promise<unknown>[] = [];
  while (calls.length >= 2) {
    const a = calls.shift() as Json;
    const token = (a._meta as Json).progressToken;
    const answered = attempt(session, 'tools/call', a).then(() => 'answered' as const);
    pending.push(answered);
    if ((await Promise.race([answered, session.progressSeen(token).then(() => 'at work' as const)])) === 'answered') continue;
    const b = calls.shift() as Json;
    b._meta = { ...(b._meta as Json), progressToken: token };
    pending.push(attempt(session, 'tools/call', b));
    break;
  }
  await Promise.all(pending);
}

async function getPrompts(session: Session, prompts: Json[]): Promise<void> {
  for (const prompt of prompts.filter((p) => typeof p.name === 'string').slice(0, LIMITS.prompts)) {
    const args: Json = {};
    for (const a of Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : []) {
      if (a.required === true && typeof a.name === 'string') args[a.name] = 'test';
    }
    await attempt(session, 'prompts/get', { name: prompt.name, arguments: args });
  }
}

/** The first variable of an RFC 6570 template ({var}, {+var}, {?a,b}, {var*}...). */
function templateVariable(template: unknown): string | undefined {
  const m = typeof template === 'string' ? /\{[+#./;?&]?([A-Za-z0-9_.%]+)/.exec(template) : null;
  return m?.[1];
}

async function complete(session: Session, prompts: Json[], templates: Json[]): Promise<void> {
  let request: Json | undefined;
  const prompt = prompts.find((p) => typeof p.name === 'string' && Array.isArray(p.arguments) && p.arguments.some((a) => isObject(a) && typeof a.name === 'string'));
  if (prompt) {
    const arg = (prompt.arguments as unknown[]).find((a) => isObject(a) && typeof a.name === 'string') as Json;
    request = { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: arg.name, value: '' } };
  } else {
    const template = templates.find((t) => templateVariable(t.uriTemplate) !== undefined);
    if (template) request = { ref: { type: 'ref/resource', uri: template.uriTemplate }, argument: { name: templateVariable(template.uriTemplate), value: '' } };
  }
  if (!request) return verbose('nothing to complete');
  if (isOn('completion-argument-invalid')) delete (request.argument as Json).value;
  await attempt(session, 'completion/complete', request);
}

export async function doWork(session: Session): Promise<void> {
  const caps = session.serverCapabilities;
  // LIFE-010: only what the server declared.
  if (isObject(caps.tools) || isOn('tools-listed-undeclared')) {
    const tools = await list(session, 'tools/list', 'tools');
    await fetchNetworkReferences(tools);
    await callTools(session, session.acceptTools(tools));
  }
  let templates: Json[] = [];
  if (isObject(caps.resources)) {
    const resources = await list(session, 'resources/list', 'resources');
    for (const r of resources.filter((x) => typeof x.uri === 'string').slice(0, LIMITS.resources)) await attempt(session, 'resources/read', { uri: r.uri });
    // RES-010: this client subscribes to nothing; the fault subscribes where subscribe is not declared.
    if (isOn('resources-subscribe-undeclared') && session.era === 'legacy' && resources[0] && caps.resources.subscribe !== true) await attempt(session, 'resources/subscribe', { uri: resources[0].uri });
    templates = await list(session, 'resources/templates/list', 'resourceTemplates');
  }
  let prompts: Json[] = [];
  // LIFE-010: only what the server declared.
  if (isObject(caps.prompts) || isOn('undeclared-capability-used')) {
    prompts = await list(session, 'prompts/list', 'prompts');
    await getPrompts(session, prompts);
  }
  if (isObject(caps.completions) && atLeast(session.revision, '2025-03-26')) await complete(session, prompts, templates);
  // SKILL-007: the Skills extension only where server/discover declared it.
  const skills = skillsDeclared(session) ?? (session.era === 'modern' && skillsAskedFor() && isOn('skills-used-undeclared') ? {} : undefined);
  if (skills) await useSkills(session, skills);
}
