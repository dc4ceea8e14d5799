import { describeSetupEntry } from './support/setupEntry';

describeSetupEntry('jest');
