import { describeTenThousandValueStream } from './stream-e2e.suite.ts';

describeTenThousandValueStream('sqlite');
