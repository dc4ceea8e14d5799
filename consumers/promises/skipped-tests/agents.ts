// The app's agent, given a script by each spec.
import { Agent, type Model } from '@openai/agents';

export const support = (model: Model) => new Agent({ name: 'Support', instructions: 'Answer in one sentence.', model });
