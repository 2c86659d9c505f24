// --answer-delay MS: the client answers what the server asks (ping, roots, sampling,
// elicitation, an unknown method; at 2026-07-28 the input requests it fulfils) MS after it was
// asked, as a client whose user or model takes its time. Its own requests go out as usual.
// Acts in answer() (answers.ts), the one place every answer is made.
import { milliseconds, type Mode } from './mode.js';

let delayMs = 0;

export const ANSWER_DELAY: Mode = {
  flag: '--answer-delay',
  arg: 'MS',
  summary: "answer the server's requests (ping, roots, sampling, elicitation) MS late",
  enable: (value) => {
    delayMs = milliseconds('--answer-delay', value);
  },
};

/** Resolves once an answer may go out. */
export function answerLater(): Promise<void> {
  return delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve();
}
