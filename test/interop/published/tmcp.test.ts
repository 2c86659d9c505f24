// The published server tmcp, with exactly its reviewed findings (test/expected/tmcp/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('tmcp');
