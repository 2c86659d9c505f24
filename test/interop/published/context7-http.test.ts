// The published server context7-http, with exactly its reviewed findings (test/expected/context7-http/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('context7-http');
