// What the campaigns screens share (fields, chips, actions and calls).
import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { formatBRL } from '../../lib/money';
import type { AdminCampaignRecord } from '../../lib/api-types';

export type Campaign = AdminCampaignRecord;

export type Phase = Campaign['phase'];

export const PHASE_COLOR: Record<Phase, 'default' | 'success' | 'info' | 'warning'> = { scheduled: 'info', running: 'success', finished: 'default', ended: 'warning' };

/** "R$ 10,00" or "50% da taxa" (basis points → percent). */
export function bonusText(c: Pick<Campaign, 'bonus_type' | 'bonus_value'>, translate: (key: string, opts?: object) => string, locale: string) {
  if (c.bonus_type === 'fixed') return formatBRL(c.bonus_value);
  return translate('turma.campaigns.of_fee', { percent: (c.bonus_value / 100).toLocaleString(locale) });
}

export const PhaseChip = ({ phase }: { phase: Phase }) => {
  const translate = useTranslate();
  return <Chip size="small" color={PHASE_COLOR[phase]} label={translate(`turma.campaigns.phases.${phase}`)} />;
};

export const SpentBar = ({ spent, budget }: { spent: number; budget: number }) => {
  // The bar is named by the figures above it, which a screen reader would otherwise not tie to it.
  const figures = useId();
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2" id={figures}>
        {formatBRL(spent)} / {formatBRL(budget)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={budget ? Math.min(100, (spent / budget) * 100) : 0}
        aria-labelledby={figures}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
};

/** The form keeps the percentage as typed (50 = 50%); the server takes basis points. */
export function toCampaignPayload(data: Record<string, unknown>) {
  const type = data.bonus_type === 'fee_percent' ? 'fee_percent' : 'fixed';
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === 'string' && value ? new Date(value).toISOString() : value);
  return {
    name: typeof data.name === 'string' ? data.name.trim() : data.name,
    starts_at: iso(data.starts_at),
    ends_at: iso(data.ends_at),
    bonus_type: type,
    bonus_value: type === 'fixed' ? data.bonus_fixed : typeof data.bonus_percent === 'number' ? Math.round(data.bonus_percent * 100) : data.bonus_percent,
    cap_per_inviter: data.cap_per_inviter,
    budget: data.budget,
  };
}
