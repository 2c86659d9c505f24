// --lose-first NAME: the first request with method NAME that this process (or HTTP worker)
// receives is never answered; every later one is served as usual. Conformant servers lose a
// request when overloaded or restarted, and a tool must not let that one silence decide every
// check that read the answer (harness/checks/look-timeouts.ts: the checks are tried again
// alone). Acts in Session.handle, beside --never-answer.
import type { Request } from '../session.js';
import { ModeError, type Mode } from './mode.js';

let loseFirst: string | undefined;

export const LOSE_FIRST: Mode = {
  flag: '--lose-first',
  arg: 'NAME',
  summary: 'never answer the first request with method NAME; answer every later one',
  enable: (value) => {
    if (value === '') throw new ModeError('--lose-first wants a method name');
    loseFirst = value;
  },
};

/** Is this the one request the server loses? (Only once per process.) */
export function lostFirst(req: Request): boolean {
  if (loseFirst === undefined || req.method !== loseFirst) return false;
  loseFirst = undefined;
  return true;
}
