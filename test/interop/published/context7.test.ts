// The published server context7, with exactly its reviewed findings (test/expected/context7/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('context7');
