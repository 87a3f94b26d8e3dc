import { useEffect, useState, type FormEvent } from 'react';
import { Button, FormControl, FormControlLabel, FormLabel, Link, Radio, RadioGroup, TextField } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCheckAuth, useLogin, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { session } from '../../../../dataProvider/session';
import { AuthFrame } from '../../../kit/components/AuthFrame';
import { FormMessage, failure, type Message } from '../../../kit/components/FormMessage';

/** The roles offered by the login form (spec 1 §2), with their user_type values. */
export const LOGIN_ROLES = ['admin', 'manager', 'mod', 'referee'] as const;
type LoginRole = (typeof LOGIN_ROLES)[number];

/** /login, passed to <Admin loginPage>: no chrome, ready without a session check. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [userType, setUserType] = useState<LoginRole>('admin');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    // A signed-out check answered on /signup or /forgot must not outlive this page: after the login
    // the layout asks again instead of logging the new session out.
    queryClient.removeQueries({ queryKey: ['auth'] });
    // Someone already signed in who lands here goes home; the form shows meanwhile.
    if (!session.token()) return;
    checkAuth({}, false).then(() => navigate('/', { replace: true }), () => undefined);
  }, [checkAuth, navigate, queryClient]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setMessage(null);
    try {
      await login({ email: email.trim(), password, user_type: userType });
    } catch (error) {
      setMessage(failure(error));
      setSubmitting(false);
    }
  };

  return (
    <AuthFrame title={translate('auth.sign_in')}>
      <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <FormControl>
          <FormLabel id="login-role">{translate('auth.role')}</FormLabel>
          <RadioGroup row aria-labelledby="login-role" name="user_type" value={userType} onChange={(e) => setUserType(e.target.value as LoginRole)}>
            {LOGIN_ROLES.map((role) => (
              <FormControlLabel key={role} value={role} control={<Radio />} label={translate(`auth.roles.${role}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField label={translate('auth.email')} type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus />
        <TextField label={translate('auth.password')} type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        <FormMessage message={message} />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {translate('auth.sign_in')}
        </Button>
        <Link component={RouterLink} to="/forgot" sx={{ alignSelf: 'center' }}>
          {translate('auth.forgot_password')}
        </Link>
      </form>
    </AuthFrame>
  );
}
