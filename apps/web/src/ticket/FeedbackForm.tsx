import { FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { HttpError } from '../data/http';
import { sendFeedback } from '../data/publicTicket';

/** Stars and words about a visit; sent once, then the thanks take the form's place. */
export function FeedbackForm({ uid, onSent }: { uid: string; onSent: () => void }) {
  const translate = useTranslate();
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stars) return setError(translate('ticket.feedback.required'));
    setBusy(true);
    setError(null);
    try {
      await sendFeedback(uid, stars, text.trim() || null);
      onSent();
    } catch (err) {
      const message = err instanceof HttpError ? (err.body.message ?? err.message) : String(err);
      setError(translate('ticket.feedback.failed', { reason: message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }} data-testid="feedback-form" aria-labelledby="feedback-title">
      <Typography id="feedback-title" variant="h6" component="h2">
        {translate('ticket.feedback.title')}
      </Typography>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" sx={{ mb: 1 }}>
          {translate('ticket.feedback.stars')}
        </Typography>
        <Rating
          name="stars"
          size="large"
          value={stars}
          onChange={(_, v) => setStars(v)}
          getLabelText={(v: number) => translate('ticket.feedback.star_n', { count: v, smart_count: v })}
          sx={{ fontSize: '3rem', color: '#b26a00' }}
          data-testid="feedback-stars"
        />
      </Box>
      <TextField
        label={translate('ticket.feedback.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'feedback-text' } }}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="feedback-submit">
        {translate('ticket.feedback.submit')}
      </Button>
    </Box>
  );
}

export function FeedbackThanks() {
  const translate = useTranslate();
  return (
    <Alert severity="success" role="status" data-testid="feedback-thanks">
      <Typography fontWeight={700}>{translate('ticket.feedback.thanks_title')}</Typography>
      <Typography>{translate('ticket.feedback.thanks_body')}</Typography>
    </Alert>
  );
}
