// For TypeScript's `node10` module resolution, which ignores package.json "exports": the same
// declarations as the CommonJS build, like the root "types" field, so that types never split in two.
export * from './dist/jest.cjs';
