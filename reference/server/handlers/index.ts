// The method tables: every request and notification the server understands.
import type { MethodEntry, NotificationHandler } from '../session.js';
import { complete } from './completion.js';
import { initialize, onCancelled, onInitialized, ping } from './lifecycle.js';
import { setLevel } from './logging.js';
import { getPrompt, listPrompts } from './prompts.js';
import { listResources, listTemplates, readResource, subscription } from './resources.js';
import { callTool, listTools } from './tools.js';
import { withTasks } from '../tasks/call.js';
import { cancelTask, coreTasksAt, getTask, listTasks, taskResult } from '../tasks/core.js';

export const METHODS: Record<string, MethodEntry> = {
  initialize: { handler: initialize },
  ping: { handler: ping },
  'tools/list': { handler: listTools },
  'tools/call': { handler: withTasks(callTool) },
  'resources/list': { handler: listResources },
  'resources/templates/list': { handler: listTemplates },
  'resources/read': { handler: readResource },
  'resources/subscribe': { handler: subscription },
  'resources/unsubscribe': { handler: subscription },
  'prompts/list': { handler: listPrompts },
  'prompts/get': { handler: getPrompt },
  'logging/setLevel': { handler: setLevel },
  'completion/complete': { handler: complete },
  'tasks/get': { handler: getTask, offered: coreTasksAt },
  'tasks/result': { handler: taskResult, offered: coreTasksAt },
  'tasks/list': { handler: listTasks, offered: coreTasksAt },
  'tasks/cancel': { handler: cancelTask, offered: coreTasksAt },
};

const ignore: NotificationHandler = () => {};

/** Client-to-server notifications; any other notification is ignored without a reply. */
export const NOTIFICATIONS: Record<string, NotificationHandler> = {
  'notifications/initialized': onInitialized,
  'notifications/cancelled': onCancelled,
  'notifications/progress': ignore,
  'notifications/roots/list_changed': ignore,
  // Status of a task the server made of its own request (tasks/requestor.ts); only a fault waits on it.
  'notifications/tasks/status': (session, params) => {
    if (typeof params.taskId === 'string') session.taskStatusWaiters.get(params.taskId)?.(params);
  },
};
