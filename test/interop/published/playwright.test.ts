// The published server playwright, with exactly its reviewed findings (test/expected/playwright/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('playwright');
