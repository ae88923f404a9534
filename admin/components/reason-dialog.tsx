// A confirmation that needs a written reason (reject, suspend, block): the reason is sent to the server and audited.
// `messages` names the translation group holding reason_label, reason_help, reason_min and reason_max.
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

export const ReasonDialog = ({
  open,
  title,
  text,
  confirm,
  messages,
  min = 5,
  max = 500,
  onClose,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  messages: string;
  min?: number;
  max?: number;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) => {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const trimmed = reason.trim();
  const error = trimmed.length < min ? `${messages}.reason_min` : trimmed.length > max ? `${messages}.reason_max` : null;
  const submit = async () => {
    setTouched(true);
    if (error) return;
    setBusy(true);
    try {
      await onConfirm(trimmed);
      setReason('');
      setTouched(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="reason-dialog-title">
      <DialogTitle id="reason-dialog-title">{translate(title)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(text)}</DialogContentText>
        <MuiTextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          label={translate(`${messages}.reason_label`)}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !!error}
          helperText={touched && error ? translate(error, { min, max }) : translate(`${messages}.reason_help`)}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton onClick={submit} disabled={busy} variant="contained" color="error">
          {translate(confirm)}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};
