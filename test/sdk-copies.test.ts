// The copies of the SDK a test file holds besides the kit's: the setup entry hooks each one it finds.
import { BUNDLED_SDK } from '../src/fakes/offline/offlineGuard';
import { otherSdkCopiesOfTheTestFile } from '../src/setup/sdkCopies';
import { expect, test } from './support';

/** What a copy of the SDK exports that the kit reads, and no more. */
const anotherCopy = () => ({ setDefaultModelProvider() {}, setTracingDisabled() {}, getCurrentSpan() {}, OpenAIProvider: class {}, Runner: class {}, Agent: class {}, run() {} });

test('the copy the runner imports as the test file does, when it is another than the kit\'s', async () => {
  const other = anotherCopy();

  const found = await otherSdkCopiesOfTheTestFile(BUNDLED_SDK, () => Promise.resolve(other));

  expect(found.map((copy) => copy.setDefaultModelProvider)).toContain(other.setDefaultModelProvider);
});

test('neither the kit\'s own copy, nor what is no copy of the SDK, nor an import that fails', async () => {
  for (const imported of [Promise.resolve(BUNDLED_SDK), Promise.resolve({ Agent: class {} }), Promise.reject(new Error('no such module'))]) {
    imported.catch(() => undefined);
    const found = await otherSdkCopiesOfTheTestFile(BUNDLED_SDK, () => imported);
    expect(found.map((copy) => copy.setDefaultModelProvider)).not.toContain(BUNDLED_SDK.setDefaultModelProvider);
    expect(found.every((copy) => typeof copy.Runner === 'function')).toBe(true);
  }
});
