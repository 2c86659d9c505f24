// --batch-as-events (Streamable HTTP, 2025-03-26): the responses to a JSON-RPC batch go out as
// separate SSE events on the POST's stream, one response per event, instead of one JSON array.
// Conformant: "The SSE stream SHOULD eventually include one JSON-RPC response per each JSON-RPC
// request sent in the POST body. These responses MAY be batched" (2025-03-26 transports).
// A refused batch (empty, or at a revision without batches) still gets its one error with 400.
// Acts in handlePost (http.ts), on the channel of a POST.
import type { Outbound } from '../jsonrpc.js';
import type { Channel, SendInfo } from '../session.js';
import type { Mode } from './mode.js';

let asEvents = false;

export const BATCH_AS_EVENTS: Mode = {
  flag: '--batch-as-events',
  httpOnly: true,
  summary: 'send the responses to a batch (2025-03-26) as separate SSE events, not one JSON array',
  enable: () => {
    asEvents = true;
  },
};

export interface BatchSplitter {
  /** True once a batch's responses are being sent one by one (the POST must answer with a stream). */
  readonly splitting: boolean;
  wrap(channel: Channel): Channel;
}

/** One per POST: splits a response array into single responses when the mode is on. */
export function batchSplitter(): BatchSplitter {
  const splitter = {
    splitting: false,
    wrap: (channel: Channel): Channel =>
      asEvents
        ? {
            send: (msg: Outbound, info?: SendInfo) => {
              if (!Array.isArray(msg)) return channel.send(msg, info);
              splitter.splitting = true;
              for (const one of msg) channel.send(one, info);
            },
          }
        : channel,
  };
  return splitter;
}
