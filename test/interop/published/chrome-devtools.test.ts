// The published server chrome-devtools, with exactly its reviewed findings (test/expected/chrome-devtools/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('chrome-devtools');
