// The page shell both HTML reports share: one self-contained document whose
// Content-Security-Policy forbids every request (no fetch, image, font, frame or form post)
// and runs only the one inline script it names by hash, if any.
import { createHash } from 'node:crypto';
import { text } from './escape.js';
import { STYLE } from './style.js';

export interface Page {
  /** Plain text (escaped here). */
  title: string;
  /** Finished markup. */
  body: string;
  /** The page's one inline script; none means no script may run at all. */
  script?: string;
}

export function renderPage(page: Page): string {
  const scriptSrc = page.script ? `'sha256-${createHash('sha256').update(page.script).digest('base64')}'` : `'none'`;
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src ${scriptSrc}; img-src data:; base-uri 'none'; form-action 'none'`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<link rel="icon" href="data:,">',
    `<title>${text(page.title, 200)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    page.body,
    page.script ? `<script>${page.script}</script>` : '',
    '</body></html>',
    '',
  ].join('\n');
}
