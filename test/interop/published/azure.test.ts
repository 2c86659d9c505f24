// The published server azure, with exactly its reviewed findings (test/expected/azure/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('azure');
