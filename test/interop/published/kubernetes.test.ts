// The published server kubernetes, with exactly its reviewed findings (test/expected/kubernetes/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('kubernetes');
