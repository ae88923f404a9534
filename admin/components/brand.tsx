// Turma's mark and wordmark for the app bar and the login card.
import { Box, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';

export const BrandMark = ({ size = 28 }: { size?: number }) => (
  <Box
    component="svg"
    viewBox="0 0 64 64"
    aria-hidden="true"
    sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
  >
    <rect width="64" height="64" rx="14" fill="#f97316" />
    <path d="M18 20h28v8H36v22h-8V28H18z" fill="#111827" />
  </Box>
);

/** Mark + "Turma · Administração"; the second part hides on phones to leave room for the title. */
export const Brand = ({ sx }: { sx?: SxProps<Theme> }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2, ...sx }}>
      <BrandMark />
      <Box
        component="span"
        sx={{ fontWeight: 700, letterSpacing: '-0.01em', display: { xs: 'none', md: 'inline' } }}
      >
        {translate('turma.brand')}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500, ml: 1 }}>
          {translate('turma.back_office')}
        </Box>
      </Box>
    </Box>
  );
};
