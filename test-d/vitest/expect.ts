export { expect } from 'vitest';
