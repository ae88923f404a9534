// Gatilhos: every scheduled job and queue (GET /api/admin/jobs) with its schedule, last and next run and
// last outcome; "run now", pause and resume a schedule (kept across restarts); and the jobs that failed for good, with
// their error and a retry. The server audits each action.
import ScheduleIcon from '@mui/icons-material/Schedule';
import { type ResourceProps } from 'react-admin';
import { TriggerList } from './List';

export * from './shared';
export * from './List';

export const triggers: Omit<ResourceProps, 'name'> = {
  list: TriggerList,
  icon: ScheduleIcon,
  recordRepresentation: 'name',
};
