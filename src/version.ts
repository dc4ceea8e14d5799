// The build (tsup.config.ts) writes the package's version in; run from source (the kit's own specs), it is 'source'.
declare const __AGENTS_TESTKIT_VERSION__: string | undefined;

/** The kit's version, as its package.json says when it was built. Coverage parts carry it: parts of different versions are not merged. */
export const KIT_VERSION: string = typeof __AGENTS_TESTKIT_VERSION__ === 'string' ? __AGENTS_TESTKIT_VERSION__ : 'source';
