/**
 * A refusal to record for tests that share one full name lists their places in the file: these
 * twenty-one tests are the only ones of this file, so their places are 1st to 21st, enough for
 * every ordinal suffix (1st, 2nd, 3rd, 4th; 11th to 13th, not 11st; 21st) and a long list.
 */
import { join, relative } from 'node:path';
import { cassette, model } from 'agents-testkit';
import { afterAll, describe, expect, makeTempDir, removeTempDirs, test, thrownBy } from './support';

afterAll(removeTempDirs);

const dir = makeTempDir();
const thisFile = relative(process.cwd(), __filename);
const places = '1st, 2nd, 3rd, 4th, 5th, 6th, 7th, 8th, 9th, 10th, 11th, 12th, 13th, 14th, 15th, 16th, 17th, 18th, 19th, 20th and 21st';

describe('twenty-one tests with the same full name', () => {
  // The same title on purpose: each copy asserts the refusal.
  for (let copy = 0; copy < 21; copy += 1) {
    test('are listed by place', () => {
      const real = model({ verify: false }).replies('Hi.');
      expect(thrownBy(() => cassette(join(dir, 'same-name.json'), { mode: 'record', model: real }))).toMatchObject({
        reason: 'duplicate_test_name',
        message: expect.stringContaining(`but 21 tests of ${thisFile} have that full name (the ${places} tests of the file).`),
      });
      expect(real.requests).toHaveLength(0);
    });
  }
});
