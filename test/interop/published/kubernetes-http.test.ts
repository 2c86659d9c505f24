// The published server kubernetes-http, with exactly its reviewed findings (test/expected/kubernetes-http/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('kubernetes-http');
