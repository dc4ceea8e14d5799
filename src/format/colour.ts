/**
 * Colour in matcher messages. Vitest's own matchers leave their message text plain (its reporter
 * colours the diff when it prints), while the kit's messages, worded with `this.utils`, would carry
 * the worker's ANSI codes whatever `--no-color` said to the main process; Jest's own matchers colour
 * their text exactly when `this.utils` does. So under Vitest the kit's text is plain, like Vitest's,
 * and under Jest it keeps what Jest's helpers gave it: in both, a kit message is coloured exactly
 * when the runner's own matcher messages are, and `toThrow('…')` on one reads the same text.
 */

// The SGR sequences chalk and tinyrainbow write: ESC [ … m.
const SGR = /\u001b\[[0-9;]*m/g;

/** `text` without ANSI colour codes. */
export function withoutColour(text: string): string {
  return text.includes('\u001b[') ? text.replace(SGR, '') : text;
}
