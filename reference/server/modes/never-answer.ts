// --never-answer NAME: a deliberate misbehaviour (the one mode that is not conformant). A
// request whose method is NAME, or a tools/call of the tool NAME, is never answered: no
// response, no error, ever; everything else is served as usual. It is not even run (a
// cancellation of it finds nothing in flight). Over HTTP its POST stays open without a status;
// a batch that holds it is never answered either (its array waits for every response).
// Acts in Session.handle, where each request comes in.
import { isPlainObject } from '../jsonrpc.js';
import type { Request } from '../session.js';
import { ModeError, type Mode } from './mode.js';

let silentFor: string | undefined;

export const NEVER_ANSWER: Mode = {
  flag: '--never-answer',
  arg: 'NAME',
  summary: 'never answer a request with method NAME or a tools/call of tool NAME (a misbehaviour)',
  enable: (value) => {
    if (value === '') throw new ModeError('--never-answer wants a method or tool name');
    silentFor = value;
  },
};

/** Is this a request the server never answers? */
export function neverAnswered(req: Request): boolean {
  if (silentFor === undefined) return false;
  return req.method === silentFor || (req.method === 'tools/call' && isPlainObject(req.params) && req.params.name === silentFor);
}

/** What handling such a request amounts to: a promise that never settles. */
export const NEVER: Promise<never> = new Promise(() => {});
