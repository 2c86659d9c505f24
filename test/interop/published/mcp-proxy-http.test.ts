// The published server mcp-proxy-http, with exactly its reviewed findings (test/expected/mcp-proxy-http/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('mcp-proxy-http');
