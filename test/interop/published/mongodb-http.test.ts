// The published server mongodb-http, with exactly its reviewed findings (test/expected/mongodb-http/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('mongodb-http');
