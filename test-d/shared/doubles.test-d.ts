// The matchers that read a double (a sandbox() or realtime() script) rather than a run: typed on
// `expect(…)`, under `.not` and in the asymmetric form, with their arguments checked.
import { pcm16, realtime, sandbox } from 'agents-testkit';
import { expect } from 'runner-expect';

const sb = sandbox();
const rt = realtime();

// toHaveExecuted: a command, or a RegExp
expect(sb).toHaveExecuted('npm test');
expect(sb).toHaveExecuted(/^npm /);
expect(sb).not.toHaveExecuted('rm -rf /');
// @ts-expect-error a command is a string or a RegExp
expect(sb).toHaveExecuted(42);
// @ts-expect-error the command is required
expect(sb).toHaveExecuted();

// toHaveWrittenFile: a path, and content as a string, a RegExp or an asymmetric matcher
expect(sb).toHaveWrittenFile('notes.md');
expect(sb).toHaveWrittenFile('notes.md', '# Notes\n');
expect(sb).toHaveWrittenFile('notes.md', /# Notes/);
expect(sb).toHaveWrittenFile('notes.md', expect.stringContaining('Notes'));
expect(sb).not.toHaveWrittenFile('secrets.env');
// @ts-expect-error the path is a string
expect(sb).toHaveWrittenFile(7);
// @ts-expect-error content is text, a RegExp or an asymmetric matcher
expect(sb).toHaveWrittenFile('notes.md', 42);

// toHaveDeletedFile: a path
expect(sb).toHaveDeletedFile('old.md');
expect(sb).not.toHaveDeletedFile('README.md');
// @ts-expect-error the path is a string
expect(sb).toHaveDeletedFile(/old/);

// toHaveSentRealtime: a transport method, and a partial of that method's payload
expect(rt).toHaveSentRealtime('sendMessage');
expect(rt).toHaveSentRealtime('sendMessage', { message: 'Hello' });
expect(rt).toHaveSentRealtime('sendFunctionCallOutput', { output: expect.stringContaining('shipped') });
expect(rt).toHaveSentRealtime('sendAudio', { audio: pcm16([0, 1]) });
expect(rt).not.toHaveSentRealtime('interrupt');
// @ts-expect-error not a transport method
expect(rt).toHaveSentRealtime('sendMesage');
// @ts-expect-error a field the method's payload does not have
expect(rt).toHaveSentRealtime('sendMessage', { text: 'Hello' });

// toHaveSentAudio: totals of the audio sent
expect(rt).toHaveSentAudio();
expect(rt).toHaveSentAudio({ ms: 1000 });
expect(rt).toHaveSentAudio({ chunks: 5, committed: true });
expect(rt).toHaveSentAudio({ ms: expect.any(Number) });
expect(rt).not.toHaveSentAudio();
// @ts-expect-error the duration is a number
expect(rt).toHaveSentAudio({ ms: '1000' });
// @ts-expect-error a total the matcher does not know
expect(rt).toHaveSentAudio({ seconds: 1 });

// Asymmetric, inside other matchers
expect({ sb, rt }).toEqual({
  sb: expect.toHaveExecuted('npm test'),
  rt: expect.toHaveSentRealtime('sendMessage', { message: 'Hello' }),
});
expect([sb]).toEqual([expect.toHaveWrittenFile('notes.md', expect.stringContaining('Notes'))]);
expect([sb]).toEqual([expect.toHaveDeletedFile('old.md')]);
expect([rt]).toEqual([expect.toHaveSentAudio({ committed: true })]);
// @ts-expect-error a wrong argument in the asymmetric form
expect.toHaveExecuted(42);
