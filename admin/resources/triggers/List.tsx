// The triggers list.
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Card, CardContent, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useEffectEvent, useState } from 'react';
import { Button, DataTable, List, SearchInput, SimpleList, useGetList, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { MONO } from '../../components/facts';
import type { FailedJobRecord } from '../../lib/api-types';
import { useLabel } from '../../lib/labels';
import { formatBRL } from '../../lib/money';
import { errorMessage } from '../../providers/dataProvider';
import { adminApi, call } from '../../lib/api';
import { Job } from './shared';

export type Outcome = NonNullable<Job['last_run']>['outcome'];

export const OUTCOME_COLOR: Record<string, 'success' | 'error' | 'info'> = { ok: 'success', error: 'error', running: 'info' };

/** A run's counts in words ("3 vagas liberadas, 0 boletos vencidos"). */
export const useCountsText = () => {
  const label = useLabel();
  return (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([k, v]) => `${k === 'amount' ? formatBRL(v) : v} ${label('job_count', k)}`)
      .join(', ');
};

export const OutcomeChip = ({ outcome }: { outcome: Outcome }) => {
  const translate = useTranslate();
  return <Chip size="small" color={OUTCOME_COLOR[outcome] ?? 'default'} label={translate(`turma.triggers.outcome.${outcome}`, { _: outcome })} />;
};

export const useWhen = () => {
  const [locale] = useLocaleState();
  // To the minute: cron runs on the minute, and seconds would widen two columns of the table.
  return (value: string | null) => (value ? new Date(value).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—');
};

export const ScheduleCell = ({ job }: { job: Job }) => {
  const translate = useTranslate();
  if (!job.schedule) return <>{translate('turma.triggers.on_demand')}</>;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box component="span" sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>
        {job.schedule}
      </Box>
      {job.paused ? <Chip size="small" color="warning" label={translate('turma.triggers.paused')} /> : null}
    </Box>
  );
};

export const LastRunCell = ({ job }: { job: Job }) => {
  const when = useWhen();
  const translate = useTranslate();
  const countsText = useCountsText();
  const run = job.last_run;
  // Runs waiting for a worker (a server with jobs off only enqueues them).
  const queued = job.queued > 0 ? <Chip size="small" color="info" variant="outlined" label={translate('turma.triggers.queued_count', { smart_count: job.queued })} /> : null;
  if (!run)
    return (
      <Box component="span" sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {queued}
        {translate('turma.triggers.never_ran')}
      </Box>
    );
  return (
    <Box sx={{ minWidth: 160 }}>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
        {queued}
        <OutcomeChip outcome={run.outcome} />
        <Typography component="span" variant="caption">
          {when(run.finished_at ?? run.started_at)}
        </Typography>
      </Box>
      {run.error ? (
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'error.main', overflowWrap: 'anywhere' }}>
          {run.error}
        </Typography>
      ) : Object.keys(run.counts).length ? (
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {countsText(run.counts)}
        </Typography>
      ) : null}
    </Box>
  );
};

/** How often a run left to the worker is looked at until it lands. */
const RUN_POLL_MS = 2_000;

/**
 * Follows a run a server with jobs off queued for the worker: polls it until it finishes, then says how it went and
 * refreshes the list. `running` tells the button which word to show meanwhile.
 */
function useQueuedRun(job: Job) {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const countsText = useCountsText();
  const [run, setRun] = useState<{ id: string; running: boolean } | null>(null);
  const runId = run?.id ?? null;
  // The run's end, said in the current language (an event of the effect below, not one of its dependencies).
  const landed = useEffectEvent((state: { outcome: string; counts: Record<string, number>; error?: string } | null) => {
    if (!state) notify(translate('turma.triggers.done.lost', { name: job.name }), { type: 'warning' });
    else if (state.outcome === 'ok') notify(translate('turma.triggers.done.ran', { name: job.name, counts: countsText(state.counts) || '—' }), { type: 'success' });
    else notify(translate('turma.triggers.done.run_failed', { name: job.name, error: state.error ?? '—' }), { type: 'error' });
    setRun(null);
    refresh();
  });
  useEffect(() => {
    if (!runId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      try {
        const state = await call(adminApi.GET('/api/admin/jobs/{name}/runs/{id}', { params: { path: { name: job.name, id: runId } } }));
        if (stopped) return;
        if (state.outcome === 'queued' || state.outcome === 'running') {
          setRun({ id: runId, running: state.outcome === 'running' });
          timer = setTimeout(look, RUN_POLL_MS);
        } else landed(state);
      } catch (err) {
        if (stopped) return;
        // A dropped connection is tried again; a run the server no longer knows is given up on.
        if ((err as { status?: number }).status === 404) landed(null);
        else timer = setTimeout(look, RUN_POLL_MS);
      }
    };
    timer = setTimeout(look, RUN_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [runId, job.name]);
  return { run, follow: (id: string) => setRun({ id, running: false }) };
}

/** Run now, pause or resume: only for jobs with a schedule (the others run when something enqueues them). */
export const JobButtons = ({ job }: { job: Job }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const countsText = useCountsText();
  const [busy, setBusy] = useState(false);
  const queued = useQueuedRun(job);
  if (!job.schedule) return null;
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const name = { params: { path: { name: job.name } } };
  const runNow = () =>
    act(async () => {
      const result = await call(adminApi.POST('/api/admin/jobs/{name}/run', name));
      if ('worker_running' in result) {
        // This server runs no jobs: the worker does, and the result is shown when it lands.
        queued.follow(result.id);
        if (result.worker_running) notify(translate('turma.triggers.done.queued', { name: job.name }), { type: 'info' });
        else notify(translate('turma.triggers.done.queued_no_worker', { name: job.name }), { type: 'warning', autoHideDuration: 10_000 });
      } else if (result.outcome === 'ok') {
        notify(translate('turma.triggers.done.ran', { name: job.name, counts: countsText(result.counts) || '—' }), { type: 'success' });
      } else {
        notify(translate('turma.triggers.done.run_failed', { name: job.name, error: result.error ?? '—' }), { type: 'error' });
      }
    });
  const toggle = () =>
    act(async () => {
      await call(job.paused ? adminApi.POST('/api/admin/jobs/{name}/resume', name) : adminApi.POST('/api/admin/jobs/{name}/pause', name));
      notify(job.paused ? 'turma.triggers.done.resumed' : 'turma.triggers.done.paused', { type: 'success', messageArgs: { name: job.name } });
    });
  const waiting = queued.run;
  return (
    // Stacked in the desktop table, so its columns fit 1280 px beside the menu once runs have dates and counts.
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', flexDirection: { xs: 'row', md: 'column' }, alignItems: { md: 'flex-start' } }} onClick={(e) => e.stopPropagation()}>
      <Button
        label={waiting ? (waiting.running ? 'turma.triggers.actions.running' : 'turma.triggers.actions.queued') : 'turma.triggers.actions.run'}
        onClick={runNow}
        disabled={busy || waiting !== null}
        aria-label={translate(waiting ? (waiting.running ? 'turma.triggers.actions.running' : 'turma.triggers.actions.queued') : 'turma.triggers.actions.run_named', { name: job.name })}
      >
        {waiting ? <HourglassTopIcon /> : <PlayArrowIcon />}
      </Button>
      <Button
        label={job.paused ? 'turma.triggers.actions.resume' : 'turma.triggers.actions.pause'}
        onClick={toggle}
        disabled={busy}
        aria-label={translate(job.paused ? 'turma.triggers.actions.resume_named' : 'turma.triggers.actions.pause_named', { name: job.name })}
      >
        {job.paused ? <ScheduleIcon /> : <PauseIcon />}
      </Button>
    </Box>
  );
};

export const NameCell = ({ job }: { job: Job }) => (
  <Box sx={{ minWidth: 180, maxWidth: 260 }}>
    <Typography component="span" variant="body2" sx={{ display: 'block', fontFamily: MONO, fontWeight: 600 }}>
      {job.name}
    </Typography>
    <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
      {job.description}
    </Typography>
  </Box>
);

export const FailedJobs = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const when = useWhen();
  const { data, isPending, error } = useGetList<FailedJobRecord & { error?: string | null; attempts?: number }>('jobs/failed', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'failed_at', order: 'DESC' },
  });
  const retry = async (id: string) => {
    try {
      await call(adminApi.POST('/api/admin/jobs/failed/{id}/retry', { params: { path: { id } } }));
      notify('turma.triggers.done.retried', { type: 'success' });
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    }
    refresh();
  };
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {translate('turma.triggers.failed_title')}
        </Typography>
        {isPending ? (
          <Typography variant="body2">{translate('ra.page.loading')}</Typography>
        ) : error ? (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {translate('turma.triggers.failed_error')}
          </Typography>
        ) : !data?.length ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('turma.triggers.no_failed')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data.map((f) => (
              <Box component="li" key={f.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontFamily: MONO, fontWeight: 600 }}>
                    {f.name}
                  </Typography>
                  <Typography variant="caption" sx={{ display: 'block', color: 'error.main', overflowWrap: 'anywhere' }}>
                    {f.error ?? '—'}
                  </Typography>
                  <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                    {translate('turma.triggers.failed_at', { date: when(f.failed_at), smart_count: f.attempts ?? 1 })}
                  </Typography>
                </Box>
                <Button label="turma.triggers.actions.retry" onClick={() => retry(f.id)}>
                  <ReplayIcon />
                </Button>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
};

export const TriggerListBody = () => {
  const when = useWhen();
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <>
      {isSmall ? (
        <SimpleList<Job>
          linkType={false}
          primaryText={(job) => <NameCell job={job} />}
          secondaryText={(job) => (
            <Box component="span" sx={{ display: 'block' }}>
              <ScheduleCell job={job} />
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                <LastRunCell job={job} />
              </Box>
              {job.next_run_at ? (
                <Box component="span" sx={{ display: 'block' }}>
                  {translate('turma.triggers.next_run', { date: when(job.next_run_at) })}
                </Box>
              ) : null}
              <JobButtons job={job} />
            </Box>
          )}
        />
      ) : (
        <DataTable<Job> rowClick={false} bulkActionButtons={false} sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' }, '& .MuiTableCell-head': { whiteSpace: 'normal' } }}>
          <DataTable.Col source="name" render={(job) => <NameCell job={job as Job} />} />
          <DataTable.Col source="schedule" disableSort render={(job) => <ScheduleCell job={job as Job} />} />
          <DataTable.Col source="last_run" disableSort render={(job) => <LastRunCell job={job as Job} />} />
          <DataTable.Col source="next_run_at" render={(job) => when(job.next_run_at)} />
          <DataTable.Col source="failed" align="right" />
          <DataTable.Col source="actions" disableSort label="turma.triggers.columns.actions" render={(job) => <JobButtons job={job as Job} />} />
        </DataTable>
      )}
    </>
  );
};

export const TriggerList = () => (
  <>
    {/* No actions (the search is always shown, nothing to create or export): an empty toolbar took a band on a phone. */}
    <List<Job> sort={{ field: 'name', order: 'ASC' }} perPage={50} filters={[<SearchInput key="q" source="q" alwaysOn />]} exporter={false} pagination={false} actions={false}>
      <TriggerListBody />
    </List>
    <FailedJobs />
  </>
);
