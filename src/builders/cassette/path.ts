import { fileURLToPath } from 'node:url';

/**
 * The file a cassette path names: a path, a `file:` URL (object or string). A URL of another scheme
 * (`https:`) names no file; without this check Node's own error, or a file named `https:/…` under
 * the working directory, would be the user's only clue. Such a URL comes back as `{ url }`.
 */
export function cassetteFile(path: unknown): { file: unknown } | { url: string } {
  const url = path instanceof URL ? path : typeof path === 'string' && URL_LIKE.test(path) ? parsed(path) : undefined;
  if (url === undefined) return { file: path };
  return url.protocol === 'file:' ? { file: fileURLToPath(url) } : { url: url.href };
}

// A scheme of two letters or more followed by `//`: `C:\…` and `C:/…` stay Windows paths.
const URL_LIKE = /^[a-z][a-z0-9+.-]+:\/\//i;

/** How to fix a cassette given a URL: the file goes in the repository. */
export function notAFile(url: string, what: string): string {
  return `${what} is a file the tests read from disk, not a URL; got ${JSON.stringify(url)}. Pass a path (relative to the project root) or a file: URL, like new URL('./fixtures/weather.json', import.meta.url).`;
}

function parsed(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
