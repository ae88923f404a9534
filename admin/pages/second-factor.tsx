// The admin second factor on the login page, after the password: enrolment (QR code, the secret to type by
// hand, a code, then the 10 recovery codes once) on the first admin sign-in, else a code or a recovery code.
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useRedirect, useTranslate } from 'react-admin';
import { secondFactorRequest, setSecondFactorStep, type SecondFactorStep } from '../providers/authProvider';

interface Enrolment {
  secret: string;
  otpauth_url: string;
  qr_data_url: string;
}

function useFinish() {
  const redirect = useRedirect();
  return () => {
    setSecondFactorStep(null);
    redirect('/');
  };
}

export function SecondFactorPanel({ step }: { step: Exclude<SecondFactorStep, null> }) {
  return <Box sx={{ px: 2, pb: 2, width: 300, maxWidth: '100%', boxSizing: 'border-box' }}>{step === 'enrol' ? <Enrol /> : <Verify />}</Box>;
}

function Enrol() {
  const translate = useTranslate();
  const finish = useFinish();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    secondFactorRequest<Enrolment>('enrol')
      .then((e) => active && setEnrolment(e))
      .catch((e: Error) => active && setError(e.message));
    return () => {
      active = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await secondFactorRequest<{ recovery_codes: string[] }>('confirm', { code: code.trim() });
      setCodes(result.recovery_codes);
    } catch (e) {
      setError(translate((e as Error).message, { _: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    return (
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2">{translate('turma.auth.two_factor.codes_title')}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>{translate('turma.auth.two_factor.codes_help')}</Typography>
        <Box component="ul" aria-label={translate('turma.auth.two_factor.codes_title')} sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 2 }}>
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Button variant="contained" onClick={finish}>{translate('turma.auth.two_factor.codes_done')}</Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit}>
      <Typography variant="subtitle1" component="h2">{translate('turma.auth.two_factor.enrol_title')}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>{translate('turma.auth.two_factor.enrol_help')}</Typography>
      {enrolment ? (
        <>
          <Box component="img" src={enrolment.qr_data_url} alt={translate('turma.auth.two_factor.qr_alt')} sx={{ width: 200, height: 200, alignSelf: 'center' }} />
          <Typography variant="body2">
            {translate('turma.auth.two_factor.manual_secret')}{' '}
            <Box component="code" data-testid="totp-secret" sx={{ wordBreak: 'break-all' }}>{enrolment.secret}</Box>
          </Typography>
        </>
      ) : null}
      <TextField
        label={translate('turma.auth.two_factor.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 8 } }}
        required
        autoFocus
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Button type="submit" variant="contained" disabled={busy || !enrolment}>{translate('turma.auth.two_factor.confirm')}</Button>
    </Stack>
  );
}

function Verify() {
  const translate = useTranslate();
  const finish = useFinish();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await secondFactorRequest('verify', recovery ? { recovery_code: value.trim() } : { code: value.trim() });
      finish();
    } catch (e) {
      setError(translate((e as Error).message, { _: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={submit}>
      <Typography variant="subtitle1" component="h2">{translate('turma.auth.two_factor.verify_title')}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {translate(recovery ? 'turma.auth.two_factor.recovery_help' : 'turma.auth.two_factor.verify_help')}
      </Typography>
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={translate(recovery ? 'turma.auth.two_factor.recovery_code' : 'turma.auth.two_factor.code')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{ htmlInput: recovery ? { autoComplete: 'off', maxLength: 32 } : { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 8 } }}
        required
        autoFocus
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Button type="submit" variant="contained" disabled={busy}>{translate('turma.auth.two_factor.verify')}</Button>
      <Link component="button" type="button" variant="body2" onClick={() => { setRecovery(!recovery); setValue(''); setError(null); }}>
        {translate(recovery ? 'turma.auth.two_factor.use_code' : 'turma.auth.two_factor.use_recovery')}
      </Link>
    </Stack>
  );
}
