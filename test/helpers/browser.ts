// Debian's Chromium driven by playwright-core, offline: a new empty profile, no background
// networking of its own, and every page event recorded (requests, console errors, dialogs).
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  /** Every request any page of the context made (the document itself included). */
  requests: string[];
  close(): Promise<void>;
}

export async function launch(options: { javaScriptEnabled?: boolean } = {}): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'mcpc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: 1280, height: 900 },
  });
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  return {
    context,
    requests,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export interface Watched {
  page: Page;
  errors: string[];
  dialogs: string[];
}

/** A new page that records console errors, uncaught exceptions and dialogs (dismissed). */
export async function watchedPage(browser: Browser): Promise<Watched> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, errors, dialogs };
}
