// The published server fastmcp-http, with exactly its reviewed findings (test/expected/fastmcp-http/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('fastmcp-http');
