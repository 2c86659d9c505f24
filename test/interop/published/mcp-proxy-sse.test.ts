// The published server mcp-proxy-sse, with exactly its reviewed findings (test/expected/mcp-proxy-sse/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('mcp-proxy-sse');
