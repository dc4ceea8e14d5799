// Jest with the runner's globals, TypeScript compiled to CommonJS by @swc/jest.
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }] },
  setupFilesAfterEnv: ['agents-testkit/jest'],
};
