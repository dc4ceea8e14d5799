// Jest without globals: specs import `test` and `expect` from '@jest/globals'.
module.exports = {
  testEnvironment: 'node',
  injectGlobals: false,
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }] },
  setupFilesAfterEnv: ['agents-testkit/jest'],
};
