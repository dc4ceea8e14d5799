/**
 * The subject of a sentence about a tool call's arguments, with its verb: `the arguments are` for
 * the arguments as a whole (the empty path), `"where.lat" is` for one of them.
 */
export function argumentsAt(path: string): string {
  return path === '' ? 'the arguments are' : `"${path}" is`;
}
