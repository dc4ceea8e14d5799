import { printExpected, printReceived } from './matcherUtils';
import { closest } from '../format/closest';
import type { Matcher } from './context';
import { hint, invalidExpected } from './messages';
import { listWrites, readSandbox } from './sandboxRecord';

/** A patch deleted the file at `path`. */
export const toHaveDeletedFile: Matcher<[path: unknown]> = function toHaveDeletedFile(received, path) {
  const hintLine = hint(this, 'toHaveDeletedFile', 'path');
  if (typeof path !== 'string' || path.trim() === '') throw invalidExpected(hintLine, 'a non-empty path', path, 'Path');
  const view = readSandbox(received, hintLine, 'files');
  const writes = view.writes ?? [];
  const deleting = writes.flatMap((write, index) => (write.type === 'delete_file' && write.path === path ? [index] : []));
  const pass = deleting.length > 0;

  const message = (): string => {
    const lines = [hintLine, ''];
    if (pass) {
      lines.push(`Expected: no patch deleting ${printExpected(path)}`, `Received: a patch deleted it`);
    } else {
      const deleted = writes.filter((write) => write.type === 'delete_file').map((write) => write.path);
      const suggestion = closest(path, deleted);
      lines.push(
        `Expected: a patch deleting ${printExpected(path)}`,
        `Received: no patch deleted ${printReceived(path)}${suggestion ? ` (did you mean ${printReceived(suggestion)}?)` : ''}`,
      );
    }
    lines.push('', listWrites(view, new Set(deleting)));
    return lines.join('\n');
  };
  return { pass, message };
};
