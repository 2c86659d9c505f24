// The 2026-07-28 method table (the schema's ClientRequest union: no initialize, ping,
// logging/setLevel or resources/subscribe) and server/discover. Feature handlers are shared.
import { isOn } from '../faults.js';
import { complete } from '../handlers/completion.js';
import { serverCapabilities } from '../handlers/lifecycle.js';
import { getPrompt, listPrompts } from '../handlers/prompts.js';
import { listResources, listTemplates, readResource } from '../handlers/resources.js';
import { callTool, listTools } from '../handlers/tools.js';
import { readDirectory } from '../skills/directory.js';
import { declareSkillsExtension, getSkill, listSkills, withSkillFiles } from '../skills/extension.js';
import { withTasks } from '../tasks/call.js';
import { cancelExtensionTask, declareTasksExtension, getExtensionTask, updateExtensionTask } from '../tasks/extension.js';
import { MODERN, MODERN_VERSIONS } from '../revisions.js';
import type { RequestHandler } from '../session.js';
import { listen } from './listen.js';
import { supportedVersions } from './mode.js';

const INSTRUCTIONS =
  'Reference server of mcp-conformance (2026-07-28). Read-only tools: echo, add, get_time, get_image, slow (progress, cancellable), ' +
  'fail (a tool error), greet_user (asks for a name by elicitation), touch_resource (notifies subscriptions/listen streams that ' +
  'subscribed to the URI), route (x-mcp-header parameters). The prompt personal_greeting also asks for a name.';

/** server/discover: versions, capabilities and instructions (cache hints and serverInfo come with every result). */
function discover(): Record<string, unknown> {
  const capabilities = serverCapabilities(MODERN);
  if (isOn('modern-log-undeclared')) delete capabilities.logging;
  declareTasksExtension(capabilities);
  declareSkillsExtension(capabilities);
  if (isOn('modern-extension-id-unprefixed')) capabilities.extensions = { tasks: {} };
  const versions = isOn('modern-discover-omits-version') || isOn('modern-discover-answers-unserved') ? supportedVersions().filter((v) => !MODERN_VERSIONS.includes(v)) : supportedVersions();
  if (isOn('discover-result-invalid')) return { capabilities, instructions: INSTRUCTIONS };
  return { supportedVersions: versions, capabilities, instructions: INSTRUCTIONS };
}

export const MODERN_METHODS: Record<string, RequestHandler> = {
  'server/discover': discover,
  'tools/list': listTools,
  'tools/call': withTasks(callTool),
  'resources/list': listResources,
  'resources/templates/list': listTemplates,
  'resources/read': withSkillFiles(readResource),
  'prompts/list': listPrompts,
  'prompts/get': getPrompt,
  'completion/complete': complete,
  'subscriptions/listen': listen,
  'tasks/get': getExtensionTask,
  'tasks/update': updateExtensionTask,
  'tasks/cancel': cancelExtensionTask,
  'skills/list': listSkills,
  'skills/get': getSkill,
  'resources/directory/read': readDirectory,
};

/** Methods no legacy revision has: a dual-era server serves them as modern even without _meta. */
export const MODERN_ONLY_METHODS: ReadonlySet<string> = new Set(['server/discover', 'subscriptions/listen']);
