/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  injectGlobals: false, // specs import `test` and `expect` from '@jest/globals'
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' } } }] },
  setupFilesAfterEnv: ['agents-testkit/jest'],
};
