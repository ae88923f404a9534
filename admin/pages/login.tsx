// Login page: e-mail + password against /api/auth/login (same accounts as the customer app).
import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  email,
  Login,
  LoginForm,
  PasswordInput,
  required,
  TextInput,
  useTranslate,
} from 'react-admin';
import { BrandMark } from '../components/brand';
import { fetchMe, getSecondFactorStep, subscribeSecondFactor } from '../providers/authProvider';
import { SecondFactorPanel } from './second-factor';

/**
 * The e-mail of a signed-in non-admin (a customer who opened /admin): react-admin redirects them
 * here without a word, so the page says why instead of showing a bare login form.
 */
function useNonAdminSession(): string | null {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    fetchMe()
      .then((user) => {
        if (active && user && user.role !== 'admin') setEmail(user.email);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return email;
}

export const LoginPage = () => {
  const translate = useTranslate();
  const nonAdminEmail = useNonAdminSession();
  // After the password, an admin's session still needs the second factor.
  const secondFactor = useSyncExternalStore(subscribeSecondFactor, getSecondFactorStep);
  return (
    <Login
      avatarIcon={<BrandMark size={40} />}
      sx={(theme) => ({
        backgroundImage:
          theme.palette.mode === 'dark'
            ? 'radial-gradient(circle at 50% 12em, #3b2212 0%, #0f1115 62%)'
            : 'radial-gradient(circle at 50% 12em, #ffedd5 0%, #f6f6f7 62%)',
        '& .RaLogin-card': { marginTop: { xs: '3em', sm: '6em' }, maxWidth: 'calc(100vw - 24px)' },
        '& .RaLogin-avatar': { marginBottom: 0 },
        '& .RaLogin-icon': { backgroundColor: 'transparent', width: 48, height: 48 },
      })}
    >
      <Box sx={{ px: 2, pt: 1, textAlign: 'center', width: 300, maxWidth: '100%', boxSizing: 'border-box' }}>
        <Typography component="h1" variant="h6" sx={{ fontSize: '1.15rem' }}>
          {translate('turma.auth.login_title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('turma.auth.login_subtitle')}
        </Typography>
        {nonAdminEmail ? (
          <Alert severity="warning" sx={{ mt: 2, textAlign: 'left' }}>
            {translate('turma.auth.admin_only')}{' '}
            {translate('turma.auth.signed_in_as', { email: nonAdminEmail })}
          </Alert>
        ) : null}
      </Box>
      {secondFactor ? <SecondFactorPanel step={secondFactor} /> : (
      <LoginForm>
        <TextInput
          autoFocus
          source="username"
          type="email"
          label="ra.auth.email"
          autoComplete="username"
          validate={[required(), email()]}
        />
        <PasswordInput
          source="password"
          label="ra.auth.password"
          autoComplete="current-password"
          validate={required()}
        />
      </LoginForm>
      )}
    </Login>
  );
};
