// The published server mcp-hello-world, with exactly its reviewed findings (test/expected/mcp-hello-world/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('mcp-hello-world');
