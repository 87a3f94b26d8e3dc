import { useMemo, useState, type FormEvent } from 'react';
import { Button, IconButton, InputAdornment, Link, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { confirmSignup } from '../../../../authProvider/account';
import { startSession } from '../../../../authProvider';
import { decodeSignupPayload } from '../../../../core/signupLink';
import { normalizeUsPhone } from '../../../../core/validation/phone';
import { AuthFrame } from '../../../kit/components/AuthFrame';
import { FormMessage, failure, type Message } from '../../../kit/components/FormMessage';

type Fields = { first_name: string; last_name: string; phone: string; password: string; confirm: string };

/** The first problem of the form as a spec message key (spec 1 §5), or null when it can be sent. */
export function signupProblem(fields: Fields): string | null {
  if (Object.values(fields).some((value) => !value.trim())) return 'signup.fill_all';
  if (fields.password !== fields.confirm) return 'signup.mismatch';
  if (!normalizeUsPhone(fields.phone)) return 'signup.phone_format';
  return null;
}

/** /signup?token=…[&reset=1]: a new staff member sets their password, or someone recovers theirs. */
export function SignupPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const payload = useMemo(() => decodeSignupPayload(params.get('token')), [params]);
  const isReset = params.get('reset') === '1';
  const [fields, setFields] = useState<Fields>({
    first_name: payload?.first_name ?? '',
    last_name: payload?.last_name ?? '',
    phone: payload?.phone ?? '',
    password: '',
    confirm: '',
  });
  const [showPassword, setShowPassword] = useState(false);
  const [message, setMessage] = useState<Message | null>(payload ? null : { severity: 'error', text: 'signup.wrong_link' });
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof Fields) => ({
    name,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!payload) return setMessage({ severity: 'error', text: 'signup.wrong_link' });
    const problem = signupProblem(fields);
    if (problem) return setMessage({ severity: 'error', text: problem });
    setSubmitting(true);
    setMessage(null);
    try {
      const opened = await confirmSignup({
        id: payload.id,
        token: payload.token,
        first_name: fields.first_name.trim(),
        last_name: fields.last_name.trim(),
        phone: normalizeUsPhone(fields.phone)!,
        password: fields.password,
      });
      if (!opened) {
        setMessage({ severity: 'error', text: 'signup.error' });
        setSubmitting(false);
        return;
      }
      startSession(opened);
      // react-admin remembers that this page was visited signed out; check again before leaving it.
      await queryClient.resetQueries({ queryKey: ['auth'] });
      navigate('/calendar', { replace: true });
    } catch (error) {
      setMessage(failure(error));
      setSubmitting(false);
    }
  };

  const visibility = (
    <InputAdornment position="end">
      <IconButton
        aria-label={translate(showPassword ? 'signup.hide_password' : 'signup.show_password')}
        onClick={() => setShowPassword((shown) => !shown)}
        edge="end"
      >
        {showPassword ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  const passwordType = showPassword ? 'text' : 'password';

  return (
    <AuthFrame title={translate(isReset ? 'signup.reset_title' : 'signup.title')}>
      <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <TextField label={translate('signup.first_name')} autoComplete="given-name" {...field('first_name')} />
        <TextField label={translate('signup.last_name')} autoComplete="family-name" {...field('last_name')} />
        <TextField label={translate('signup.email')} name="email" value={payload?.email ?? ''} slotProps={{ input: { readOnly: true } }} />
        <TextField label={translate('signup.phone')} type="tel" autoComplete="tel" placeholder="111-222-3333" {...field('phone')} />
        <TextField
          label={translate('signup.password')}
          type={passwordType}
          autoComplete="new-password"
          {...field('password')}
          slotProps={{ input: { endAdornment: visibility } }}
        />
        <TextField label={translate('signup.confirm_password')} type={passwordType} autoComplete="new-password" {...field('confirm')} />
        <FormMessage message={message} />
        <Button type="submit" variant="contained" size="large" disabled={submitting || !payload}>
          {translate(isReset ? 'signup.reset_submit' : 'signup.submit')}
        </Button>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {translate('auth.back_to_login')}
        </Link>
      </form>
    </AuthFrame>
  );
}
