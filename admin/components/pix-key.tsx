// A PIX key as an operator reads it: its kind in words ("E-mail", "Chave aleatória"), then the key itself.
import { Box } from '@mui/material';
import { useLabel } from '../lib/labels';
import { MONO } from './facts';

export const PixKey = ({ value }: { value: { type: string; key: string } | null | undefined }) => {
  const label = useLabel();
  if (!value) return <>—</>;
  return (
    <>
      {label('pix_key_type', value.type)} ·{' '}
      <Box component="span" sx={{ fontFamily: MONO }}>
        {value.key}
      </Box>
    </>
  );
};
