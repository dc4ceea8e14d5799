/** Where the command writes; `process` fits, and tests pass a buffer. */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}
