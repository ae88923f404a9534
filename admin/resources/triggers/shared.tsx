// What the triggers screens share (fields, chips, actions and calls).
import type { JobRecord } from '../../lib/api-types';

export type Job = JobRecord;
