// The published server supergateway-stateful, with exactly its reviewed findings (test/expected/supergateway-stateful/): see ../published.ts.
import { testPublishedServer } from '../published.js';

testPublishedServer('supergateway-stateful');
