// The published server mcp-framework-http, with exactly its reviewed findings (test/expected/mcp-framework-http/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('mcp-framework-http');
