// The `jest` globals' `expect`, as a module for the shared type tests.
const globalExpect = expect;
export { globalExpect as expect };
