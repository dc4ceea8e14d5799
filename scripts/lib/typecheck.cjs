#!/usr/bin/env node
// Type-checks several TypeScript projects in one process, each exactly as `tsc -p <tsconfig> --noEmit`
// would (the same diagnostics, in the same order, printed the same way), but parsing each
// declaration file once for all of them, as `tsc -b` does between the projects of a build. The
// projects of this repository (and of each matrix row) read the same lib, @types/node, SDK and
// runner declarations, which were most of each separate tsc's time.
//
//   node scripts/lib/typecheck.cjs [--typescript <dir>] [--json <file>] [--once] <tsconfig>…
//
// --typescript: the folder whose `typescript` package checks (default: the current folder), so that
// a matrix row checks with its own TypeScript version. --json: writes `[{ config, status, output }]`,
// one entry per project; `output` is what tsc would have printed. Exit code 0 when every project
// type-checks. CommonJS, so that Yarn PnP projects can run it with `yarn node`.
//
// --once: a source file the first project checked is not checked again by the later ones (its
// errors were reported there), unless it declares `global` or `module` augmentations, whose errors
// depend on the other declarations a project holds. For when the first project is the strictest and
// holds the sources the others reach: this repository's tsconfig.json checks all of src/, which its
// type tests and recipes reach through `paths`. Files the first project does not hold (the type
// tests shared by the runners' projects) are still checked in every project. The five checks of
// `npm test` took 55 CPU-seconds in two processes, 25 in one with --once. Without it every project
// is checked whole.
const { createRequire } = require('node:module');
const { writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args.splice(index, 2)[1];
};
const from = resolve(option('--typescript') ?? '.');
const json = option('--json');
const once = args.includes('--once') && (args.splice(args.indexOf('--once'), 1), true);
if (args.length === 0) {
  console.error('usage: node scripts/lib/typecheck.cjs [--typescript <dir>] [--json <file>] [--once] <tsconfig>…');
  process.exit(2);
}

const ts = createRequire(join(from, 'package.json'))('typescript');
/** Declaration files parsed so far, by path and by how the program reads them (tsc -b keys them alike). */
const declarations = new Map();
const isDeclaration = (fileName) => /\.d\.[cm]?ts$/.test(fileName);
/** The source files the first project checked (--once). */
const checked = new Set();
const AUGMENTS = /\bdeclare\s+(global|module)\b/;

const results = args.map((config, index) => {
  let output = '';
  const system = { ...ts.sys, write: (text) => (output += text) };
  const report = ts.createDiagnosticReporter(system, false);
  const parsed = ts.getParsedCommandLineOfConfigFile(config, { noEmit: true }, { ...system, onUnRecoverableConfigFileDiagnostic: report });
  if (parsed === undefined) return { config, status: 1, output };
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
    if (!isDeclaration(fileName) || shouldCreateNewSourceFile) return getSourceFile.call(host, fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
    const how = typeof languageVersionOrOptions === 'object' ? `${languageVersionOrOptions.languageVersion}:${languageVersionOrOptions.impliedNodeFormat}` : `${languageVersionOrOptions}`;
    const key = `${how}:${resolve(fileName)}`;
    let file = declarations.get(key);
    if (file === undefined) {
      file = getSourceFile.call(host, fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
      if (file !== undefined) declarations.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    host,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const status = once ? reportOnce(program, report, index === 0) : ts.emitFilesAndReportErrorsAndGetExitStatus(program, report);
  return { config, status, output };
});

/**
 * What `emitFilesAndReportErrorsAndGetExitStatus` reports under `noEmit` (the same diagnostics in
 * the same order, the same exit status), with the source files the first project checked left out;
 * `first`: this is the first project, whose files the later ones leave out.
 */
function reportOnce(program, report, first) {
  const files = program.getSourceFiles().filter((file) => file.isDeclarationFile || !checked.has(file.fileName) || AUGMENTS.test(file.text));
  const diagnostics = [...program.getConfigFileParsingDiagnostics()];
  const parsing = diagnostics.length;
  for (const file of files) diagnostics.push(...program.getSyntacticDiagnostics(file));
  if (diagnostics.length === parsing) {
    diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (diagnostics.length === parsing) for (const file of files) diagnostics.push(...program.getSemanticDiagnostics(file));
  }
  if (first) for (const file of files) if (!file.isDeclarationFile) checked.add(file.fileName);
  const sorted = ts.sortAndDeduplicateDiagnostics(diagnostics);
  sorted.forEach(report);
  // tsc's exit status under noEmit: 2 (errors, outputs generated) when it reported any.
  return sorted.length === 0 ? 0 : 2;
}

for (const { config, status, output } of results) {
  process.stdout.write(`$ tsc -p ${config} --noEmit${status === 0 ? '' : ` (exit ${status})`}\n${output}`);
}
if (json) writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
process.exitCode = results.every((result) => result.status === 0) ? 0 : 1;
