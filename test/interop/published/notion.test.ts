// The published server notion, with exactly its reviewed findings (test/expected/notion/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('notion');
