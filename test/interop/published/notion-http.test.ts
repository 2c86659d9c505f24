// The published server notion-http, with exactly its reviewed findings (test/expected/notion-http/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('notion-http');
