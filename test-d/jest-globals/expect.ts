export { expect } from '@jest/globals';
