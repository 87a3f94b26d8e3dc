import { useState, type FormEvent } from 'react';
import { Button, Link, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { requestPasswordReset } from '../../../../authProvider/account';
import { AuthFrame } from '../../../kit/components/AuthFrame';
import { FormMessage, failure, type Message } from '../../../kit/components/FormMessage';

/** /forgot: asks for the password reset mail. */
export function ForgotPage() {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setMessage({ severity: 'error', text: 'forgot.fill_email' });
    setSubmitting(true);
    setMessage(null);
    try {
      await requestPasswordReset(email.trim());
      setMessage({ severity: 'success', text: 'forgot.sent' });
    } catch (error) {
      setMessage(failure(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthFrame title={translate('forgot.title')}>
      <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <TextField label={translate('forgot.email')} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        <FormMessage message={message} />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {translate('forgot.submit')}
        </Button>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {translate('auth.back_to_login')}
        </Link>
      </form>
    </AuthFrame>
  );
}
