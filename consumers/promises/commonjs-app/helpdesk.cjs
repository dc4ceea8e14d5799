// A module of the app compiled to CommonJS (a workspace package, say): it requires the SDK, so a
// test file that imports it holds the SDK's CommonJS copy, whichever copy the test file imports.
const { Agent, run } = require('@openai/agents');

const helpdesk = new Agent({ name: 'Helpdesk', model: 'gpt-5.4-mini', instructions: 'Answer briefly.' });

async function answer(question) {
  return String((await run(helpdesk, question)).finalOutput);
}

module.exports = { helpdesk, answer };
