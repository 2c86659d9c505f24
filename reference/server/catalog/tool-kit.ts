// Small pieces the tool definitions share (catalog/tools.ts, catalog/modern-tools.ts).
import type { ArgSchema } from '../validate.js';

export type Content =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType: string; text: string } };

export interface Hints {
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

export const NO_ARGS: ArgSchema = { type: 'object', properties: {}, additionalProperties: false };
export const READ_ONLY: Hints = { readOnlyHint: true, openWorldHint: false };

export const text = (t: string): Content => ({ type: 'text', text: t });

/** Waits `ms`; rejects at once when `signal` aborts (cancellation). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('cancelled'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error('cancelled'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
