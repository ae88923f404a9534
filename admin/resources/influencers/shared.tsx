// What the influencers screens share (fields, chips, actions and calls).
import { Alert, Chip } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { AdminInfluencerDetailRecord, AdminInfluencerRecord } from '../../lib/api-types';
import { Fact, Facts, SectionCard } from '../../components/facts';
import { formatRate } from '../../../core/influencers/commission-rate';
import { postAction, type ApiBody } from '../../lib/api';

export type Influencer = AdminInfluencerRecord;

export type InfluencerDetail = AdminInfluencerDetailRecord;

export type InfluencerStatus = Influencer['status'];

export const INFLUENCER_TABS: InfluencerStatus[] = ['pending', 'approved', 'rejected', 'suspended'];

export const STATUS_COLOR: Record<InfluencerStatus, 'warning' | 'success' | 'error' | 'default'> = { pending: 'warning', approved: 'success', rejected: 'error', suspended: 'default' };

export type Action = 'approve' | 'reject' | 'suspend' | 'reactivate' | 'set-rate';

/** POST /api/admin/influencers/:id/<action>; the server's pt-BR message on failure (thrown as HttpError). */
export const decideInfluencer = <A extends Action>(id: string, action: A, body?: ApiBody<`/api/admin/influencers/{id}/${A}`, 'post'>) =>
  postAction(`/api/admin/influencers/{id}/${action}`, id, body);

/** 1250 basis points → "12,5%" in the reader's locale. */
export const formatRateBp = (bp: number | null | undefined, locale: string) => (bp === null || bp === undefined ? '—' : formatRate(bp, locale));

export const InfluencerStatusChip = ({ status }: { status: InfluencerStatus }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`turma.influencers.status.${status}`)} />;
};

export const handles = (r: Influencer) =>
  [r.instagram && `IG @${r.instagram}`, r.tiktok && `TikTok @${r.tiktok}`, r.youtube && `YT ${r.youtube}`].filter(Boolean).join(' · ') || '—';

/** Counted clicks → sign-ups, with the sign-ups set apart (self-referrals, flagged for review). */
export const InfluencerFunnel = () => {
  const record = useRecordContext<InfluencerDetail>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // Opened from the list, the record is the list's row until GET /:id answers: no funnel yet.
  if (!record?.funnel) return null;
  const n = (v: number) => new Intl.NumberFormat(locale).format(v);
  const { clicks, signups, self_referrals, flagged } = record.funnel;
  const conversion = clicks ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(signups / clicks) : '—';
  return (
    <SectionCard title="turma.influencers.sections.funnel">
      <Facts>
        <Fact label="turma.influencers.funnel.clicks">{n(clicks)}</Fact>
        <Fact label="turma.influencers.funnel.signups">{n(signups)}</Fact>
        <Fact label="turma.influencers.funnel.conversion">{conversion}</Fact>
        <Fact label="turma.influencers.funnel.self_referrals">{n(self_referrals)}</Fact>
        <Fact label="turma.influencers.funnel.flagged">{n(flagged)}</Fact>
      </Facts>
      {flagged ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('turma.influencers.funnel.flagged_hint', { smart_count: flagged })}
        </Alert>
      ) : null}
    </SectionCard>
  );
};
