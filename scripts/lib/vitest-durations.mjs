// A Vitest reporter that writes each test file's time as Vitest measured it, hooks included
// (the JSON reporter's per-file times leave out beforeAll/afterAll, where the specs that run a
// child runner spend theirs). scripts/test.mjs passes it with the file to write;
// scripts/slowest.mjs reads it.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class DurationsReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? '.test-results/vitest-durations.json';
  }

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const files = testModules.map((module) => {
      const { duration, setupDuration, collectDuration, prepareDuration, environmentSetupDuration } = module.diagnostic();
      const ms = (value) => Math.round(value ?? 0);
      return {
        file: relative(this.root, module.moduleId),
        project: module.project.name,
        // Setup (the setup files), collection (importing the spec) and the run, hooks included.
        ms: ms(prepareDuration + environmentSetupDuration + setupDuration + collectDuration + duration),
        setupMs: ms(setupDuration),
        collectMs: ms(collectDuration),
        runMs: ms(duration),
      };
    });
    files.sort((a, b) => b.ms - a.ms);
    writeFileSync(this.outputFile, `${JSON.stringify(files, null, 2)}\n`);
  }
}
