// --answer-delay MS: every response the MCP layer produces (results and errors, batch arrays
// included) reaches the transport MS after it was produced, as from a server slow to answer.
// Whatever follows a held response on the same channel waits behind it, so the notifications
// of a request (progress, logs) keep their order relative to its response. A held response
// is not yet sent, so it can still be cancelled: notifications/cancelled for its id, or the end
// of the session, drops it (basic/utilities/cancellation: no response after a cancellation).
// Transport-level refusals (unparsable JSON, HTTP 4xx before a session is involved) are not
// held: the slowness is the server's, not its HTTP front's.
// Acts in Session.receive (responses go out through a held channel) and Session.cancel.
import { isResponse, type Id, type Outbound } from '../jsonrpc.js';
import type { Channel, SendInfo } from '../session.js';
import { milliseconds, type Mode } from './mode.js';

let delayMs = 0;

export const ANSWER_DELAY: Mode = {
  flag: '--answer-delay',
  arg: 'MS',
  summary: 'send every response (result or error) MS late; notifications keep their order',
  enable: (value) => {
    delayMs = milliseconds('--answer-delay', value);
  },
};

interface Held {
  msg: Outbound;
  info: SendInfo | undefined;
  /** When it may go out (performance.now()); never earlier than what is ahead of it. */
  due: number;
}

/** A channel that holds responses for the delay and keeps everything in order. */
class HeldChannel implements Channel {
  private readonly queue: Held[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly owner: object,
    private readonly inner: Channel,
    private readonly open: () => boolean,
  ) {}

  send(msg: Outbound, info?: SendInfo): void {
    const now = performance.now();
    const due = Math.max(this.queue.at(-1)?.due ?? 0, isResponse(msg) ? now + delayMs : now);
    if (this.queue.length === 0 && due <= now) return this.inner.send(msg, info);
    this.queue.push({ msg, info, due });
    track(this.owner, this);
    this.schedule();
  }

  /** Drops the held response to `id`; false when none is held. */
  drop(id: Id): boolean {
    const key = JSON.stringify(id);
    const at = this.queue.findIndex(({ msg }) => !Array.isArray(msg) && isResponse(msg) && JSON.stringify(msg.id) === key);
    if (at < 0) return false;
    this.queue.splice(at, 1);
    if (this.queue.length === 0) this.idle();
    return true;
  }

  /** Settles once nothing is held any more. */
  sent(): Promise<void> {
    return this.queue.length === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  private schedule(): void {
    const head = this.queue[0];
    if (this.timer !== undefined || !head) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.release();
    }, Math.max(0, Math.ceil(head.due - performance.now())));
  }

  private release(): void {
    const now = performance.now();
    for (let head = this.queue[0]; head && head.due <= now; head = this.queue[0]) {
      this.queue.shift();
      if (this.open()) this.inner.send(head.msg, head.info);
    }
    if (this.queue.length > 0) this.schedule();
    else this.idle();
  }

  private idle(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    untrack(this.owner, this);
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** Per session (the owner), its channels that hold something; a cancellation looks there. */
const held = new WeakMap<object, Set<HeldChannel>>();
/** Every channel holding something, so a stdio exit can let them finish first. */
const everywhere = new Set<HeldChannel>();

function track(owner: object, c: HeldChannel): void {
  let set = held.get(owner);
  if (!set) held.set(owner, (set = new Set()));
  set.add(c);
  everywhere.add(c);
}

function untrack(owner: object, c: HeldChannel): void {
  held.get(owner)?.delete(c);
  everywhere.delete(c);
}

/**
 * The channel a session answers one input on, when the mode is on (undefined when it is off).
 * `open`: is the session still there to answer (a session ended meanwhile answers nothing)?
 * `sent` settles once everything held has gone out (HTTP ends the POST's answer then).
 */
export function answerChannel(owner: object, channel: Channel, open: () => boolean): { channel: Channel; sent(): Promise<void> } | undefined {
  if (delayMs <= 0) return undefined;
  const late = new HeldChannel(owner, channel, open);
  return { channel: late, sent: () => late.sent() };
}

/** A cancellation of a request whose response is still held: drop it. True when one was. */
export function dropHeldAnswer(owner: object, id: Id): boolean {
  for (const c of held.get(owner) ?? []) if (c.drop(id)) return true;
  return false;
}

/** Settles once every held response everywhere has gone out (stdio waits for it at EOF). */
export function allAnswersSent(): Promise<void> {
  return Promise.all([...everywhere].map((c) => c.sent())).then(() => undefined);
}
