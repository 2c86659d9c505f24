// basic/patterns/subscriptions: subscriptions/listen, the process-wide set of open
// subscriptions, and what they hear about (resources/updated, sent by touch_resource).
import { isOn } from '../faults.js';
import { invalidParams, isPlainObject, notification, type Id } from '../jsonrpc.js';
import type { Channel, RequestContext } from '../session.js';
import { META } from './meta.js';

const LIST_TYPES = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const;

interface Filter {
  toolsListChanged?: true;
  promptsListChanged?: true;
  resourcesListChanged?: true;
  resourceSubscriptions?: string[];
}

interface Subscription {
  channel: Channel;
  filter: Filter;
  /** The listen request's id, as every frame of the subscription carries it. */
  tag: Id;
  /** Ends the subscription with its graceful result (server-initiated end). */
  close(): void;
}

/** Open subscriptions, oldest first. */
const open = new Set<Subscription>();

/** The subset of the requested filter this server honours (subscriptions#acknowledgment). */
function honoured(requested: Record<string, unknown>): Filter {
  const all = isOn('modern-listen-ack-adds-types');
  const out: Filter = {};
  for (const t of LIST_TYPES) if (requested[t] === true || all) out[t] = true;
  const uris = requested.resourceSubscriptions;
  const list = Array.isArray(uris) ? uris.filter((u): u is string => typeof u === 'string') : [];
  if ((Array.isArray(uris) || all) && !isOn('modern-listen-ignores-resource-subscriptions')) out.resourceSubscriptions = list;
  return out;
}

function tagged(sub: Pick<Subscription, 'tag'>, params: Record<string, unknown>): Record<string, unknown> {
  const meta = isPlainObject(params._meta) ? params._meta : {};
  return { ...params, _meta: { ...meta, [META.subscriptionId]: sub.tag } };
}

export function listen(ctx: RequestContext): Promise<Record<string, unknown>> {
  const requested = ctx.params.notifications;
  if (!isPlainObject(requested)) throw invalidParams('Invalid params: notifications must be an object (the subscription filter)');
  const tag: Id = isOn('modern-listen-id-stringified') ? String(ctx.id) : ctx.id;
  const filter = honoured(requested);
  const send = (method: string, params: Record<string, unknown>): void => ctx.notify(method, tagged({ tag }, params));
  if (isOn('modern-listen-notification-before-ack')) for (const uri of filter.resourceSubscriptions ?? []) send('notifications/resources/updated', { uri });
  // The acknowledgment is the subscription's first message.
  send('notifications/subscriptions/acknowledged', { notifications: filter });
  if (isOn('modern-listen-unrequested-type')) send('notifications/tools/list_changed', {});
  return new Promise((resolve, reject) => {
    const sub: Subscription = {
      channel: { send: (msg, info) => (ctx.signal.aborted ? undefined : ctx.channel.send(msg, info)) },
      filter,
      tag,
      close: () => {
        open.delete(sub);
        resolve({ _meta: { [META.subscriptionId]: tag } });
      },
    };
    open.add(sub);
    ctx.signal.addEventListener('abort', () => {
      open.delete(sub);
      reject(new Error('subscription cancelled'));
    });
  });
}

/** Subscriptions that hear about changes (a fault keeps only the newest). */
function hearing(): Subscription[] {
  const all = [...open];
  return isOn('modern-listen-single-subscription') ? all.slice(-1) : all;
}

/** resources#subscriptions: notifications/resources/updated to every subscription that asked for the URI. */
export function publishResourceUpdated(uri: string): number {
  let n = 0;
  for (const sub of hearing()) {
    if (!sub.filter.resourceSubscriptions?.includes(uri)) continue;
    const params = isOn('modern-listen-notification-no-id') ? { uri } : tagged(sub, { uri });
    sub.channel.send(notification('notifications/resources/updated', params));
    n++;
  }
  return n;
}

/** Faults only: a request-scoped notification delivered on every listen stream instead. */
export function broadcastToListeners(msg: Record<string, unknown>): void {
  for (const sub of open) {
    const params = isPlainObject(msg.params) ? msg.params : {};
    sub.channel.send({ ...msg, params: tagged(sub, params) });
  }
}

/** subscriptions#graceful-closure: at shutdown each subscription ends with its result. */
export function closeSubscriptions(): void {
  for (const sub of [...open]) sub.close();
}
