// A setup file of the user's own that loads the kit's Jest entry among its other set-up.
process.env.APP_MODE = 'test';
require('agents-testkit/jest');
