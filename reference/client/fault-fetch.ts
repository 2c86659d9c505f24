// The one GET the faults make of a URL a server named (an elicitation URL, an icon, a $ref),
// which a correct client never makes on its own: whatever the answer, it resolves once done.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { verbose } from './log.js';

export function fetchOnce(url: string, opts: { headers?: Record<string, string>; timeoutMs: number }): Promise<void> {
  return new Promise((resolve) => {
    try {
      const req = (url.toLowerCase().startsWith('https:') ? httpsRequest : httpRequest)(url, { method: 'GET', headers: opts.headers ?? {}, timeout: opts.timeoutMs }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', () => resolve());
      req.on('timeout', () => req.destroy());
      req.end();
    } catch (e) {
      verbose(`fetching ${url} failed: ${String(e)}`);
      resolve();
    }
  });
}
