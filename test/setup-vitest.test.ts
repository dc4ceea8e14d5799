import { describeSetupEntry } from './support/setupEntry';

describeSetupEntry('vitest');
