// The published server mongodb, with exactly its reviewed findings (test/expected/mongodb/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('mongodb');
