import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface AuthFormProps {
  title: string;
  subtitle?: ReactNode;
  error?: string | null;
  notice?: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/** Title, messages and a form, as every sign-in step shows them. */
export function AuthForm({
  title,
  subtitle,
  error,
  notice,
  onSubmit,
  children,
  footer,
}: AuthFormProps) {
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box>
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mb: 6, fontSize: '0.9375rem' }}>
          {subtitle}
        </Typography>
      ) : null}
      {notice}
      {error ? (
        <Alert severity="error" sx={{ mb: 5 }} role="alert">
          {error}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 5 }}>
        {children}
      </Box>
      {footer ? <Box sx={{ mt: 6 }}>{footer}</Box> : null}
    </Box>
  );
}
