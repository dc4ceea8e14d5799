import { applyDiff, type ApplyPatchOperation } from '@openai/agents';

/** One file operation a patch applied, as the workspace recorded it. */
export interface FileWrite {
  readonly type: ApplyPatchOperation['type'];
  readonly path: string;
  /** Where an update moved the file to. */
  readonly moveTo: string | undefined;
  /** The file's content after the operation, when the script can know it. */
  readonly content: string | undefined;
  /** Why `content` is unknown, in a sentence. */
  readonly unknownBecause: string | undefined;
}

/**
 * The files a `sandbox()` script knows of: the ones given with `sandbox({ files })` and the ones
 * its editor wrote. Contents are computed with the SDK's own `applyDiff`, so a matcher can compare
 * what a patch produced; a file the script never saw before an update has unknown content.
 */
export class SandboxWorkspace {
  /** Path → content; `undefined` for a file that exists with unknown content. */
  readonly #files = new Map<string, string | undefined>();
  readonly #writes: FileWrite[] = [];

  constructor(initial: Readonly<Record<string, string>> = {}) {
    for (const [path, content] of Object.entries(initial)) this.#files.set(path, content);
  }

  /** Every operation the editor applied, in order. */
  get writes(): readonly FileWrite[] {
    return this.#writes;
  }

  /** Applies an operation that a step accepted. */
  apply(operation: ApplyPatchOperation): void {
    switch (operation.type) {
      case 'create_file':
        return this.#write(operation, operation.path, () => applyDiff('', operation.diff, 'create'));
      case 'update_file': {
        const before = this.#files.get(operation.path);
        const known = this.#files.has(operation.path) && before !== undefined;
        const target = operation.moveTo ?? operation.path;
        if (operation.moveTo !== undefined) this.#files.delete(operation.path);
        if (!known) {
          const because =
            `the script does not know what ${JSON.stringify(operation.path)} held before the patch; ` +
            `give it with sandbox({ files: { ${JSON.stringify(operation.path)}: '…' } })`;
          return this.#record(operation, target, undefined, because);
        }
        return this.#write(operation, target, () => (operation.diff === '' ? before : applyDiff(before, operation.diff)));
      }
      case 'delete_file':
        this.#files.delete(operation.path);
        this.#writes.push({ type: operation.type, path: operation.path, moveTo: undefined, content: undefined, unknownBecause: undefined });
        return;
    }
  }

  #write(operation: ApplyPatchOperation, target: string, compute: () => string): void {
    try {
      this.#record(operation, target, compute(), undefined);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      this.#record(operation, target, undefined, `the SDK's applyDiff could not apply its diff (${reason})`);
    }
  }

  #record(operation: ApplyPatchOperation, target: string, content: string | undefined, unknownBecause: string | undefined): void {
    this.#files.set(target, content);
    this.#writes.push({
      type: operation.type,
      path: operation.path,
      moveTo: operation.type === 'update_file' ? operation.moveTo : undefined,
      content,
      unknownBecause,
    });
  }
}
