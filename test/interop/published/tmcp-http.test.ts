// The published server tmcp-http, with exactly its reviewed findings (test/expected/tmcp-http/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('tmcp-http');
