// The published server mcp-framework, with exactly its reviewed findings (test/expected/mcp-framework/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('mcp-framework');
