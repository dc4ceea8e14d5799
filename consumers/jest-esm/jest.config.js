// Jest's native ESM (run with `node --experimental-vm-modules`): @swc/jest keeps ES modules.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }] },
  setupFilesAfterEnv: ['agents-testkit/jest'],
};
