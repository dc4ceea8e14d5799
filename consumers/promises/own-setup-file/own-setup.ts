// A setup file of the user's own that loads the kit's Vitest entry among its other set-up.
process.env.APP_MODE = 'test';
await import('agents-testkit/vitest');
