// The log format follows NODE_ENV: human lines for a developer at `npm start`, JSON lines everywhere else.
import { describe, expect, it } from 'vitest';
import { wantsPrettyLogs } from '../../adapters/logger';

describe('wantsPrettyLogs', () => {
  it('is human in development, which is also the default', () => {
    expect(wantsPrettyLogs({ NODE_ENV: 'development' })).toBe(true);
    expect(wantsPrettyLogs({})).toBe(true);
  });

  it('is JSON in production and in tests (collectors and tests read the lines)', () => {
    expect(wantsPrettyLogs({ NODE_ENV: 'production' })).toBe(false);
    expect(wantsPrettyLogs({ NODE_ENV: 'test' })).toBe(false);
  });
});
