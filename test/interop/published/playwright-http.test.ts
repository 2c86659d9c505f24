// The published server playwright-http, with exactly its reviewed findings (test/expected/playwright-http/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('playwright-http');
