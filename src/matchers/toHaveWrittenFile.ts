import { printDiff, printExpected, printReceived } from './matcherUtils';
import { isAsymmetricMatcher } from '../format/brief';
import { closest } from '../format/closest';
import type { Matcher } from './context';
import { hint, invalidExpected } from './messages';
import { listWrites, readSandbox, writtenPath } from './sandboxRecord';

/**
 * A patch wrote the file at `path` (created it, updated it, or moved a file there). `content`
 * (a string, a RegExp or an asymmetric matcher) is compared with the file as the last write left
 * it, computed with the SDK's own `applyDiff`.
 */
export const toHaveWrittenFile: Matcher<[path: unknown, content?: unknown]> = function toHaveWrittenFile(received, path, content) {
  const hintLine = hint(this, 'toHaveWrittenFile', 'path', content === undefined ? undefined : 'content');
  if (typeof path !== 'string' || path.trim() === '') throw invalidExpected(hintLine, 'a non-empty path', path, 'Path');
  if (content !== undefined && typeof content !== 'string' && !(content instanceof RegExp) && !isAsymmetricMatcher(content)) {
    throw invalidExpected(hintLine, 'a string, a RegExp or an asymmetric matcher', content, 'Content');
  }
  const view = readSandbox(received, hintLine, 'files');
  const writes = view.writes ?? [];
  const ofPath = writes.flatMap((write, index) => (write.type !== 'delete_file' && writtenPath(write) === path ? [index] : []));
  const last = ofPath.length > 0 ? writes[ofPath.at(-1) as number] : undefined;
  const contentMatches = (actual: string): boolean => {
    if (content instanceof RegExp) {
      content.lastIndex = 0;
      return content.test(actual);
    }
    return this.equals(actual, content, this.customTesters ?? []);
  };
  const pass =
    last !== undefined && (content === undefined || (last.content !== undefined && contentMatches(last.content)));
  const wanted = `a patch writing ${printExpected(path)}${content === undefined ? '' : ` with content ${printExpected(content)}`}`;

  const message = (): string => {
    const lines = [hintLine, ''];
    if (pass) {
      lines.push(`Expected: no ${wanted.slice(2)}`, `Received: ${last?.type} wrote it`);
    } else {
      lines.push(`Expected: ${wanted}`);
      if (last === undefined) {
        const suggestion = closest(path, writes.map(writtenPath));
        lines.push(`Received: no patch wrote ${printReceived(path)}${suggestion ? ` (did you mean ${printReceived(suggestion)}?)` : ''}`);
      } else if (last.content === undefined) {
        lines.push(`Received: ${last.type} wrote it, but its content is unknown: ${last.unknownBecause}`);
      } else {
        lines.push(`Received: ${last.type} left it with other content`, '');
        lines.push(
          typeof content === 'string'
            ? printDiff(content, last.content)
            : `Content: ${printReceived(last.content)}`,
        );
      }
    }
    lines.push('', listWrites(view, new Set(pass || last ? ofPath : [])));
    return lines.join('\n');
  };
  return { pass, message };
};
