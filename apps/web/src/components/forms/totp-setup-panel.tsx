import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import QRCode from 'qrcode';
import { FormattedMessage, useIntl } from 'react-intl';

function groupSecret(secret: string): string {
  return secret
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

/** The QR code of an `otpauth://` address, and the secret as text for typing it in by hand. */
export function TotpSetupPanel({ setupUri, secret }: { setupUri: string; secret: string }) {
  const intl = useIntl();
  const [qr, setQr] = useState<{ uri: string; dataUrl: string } | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let active = true;
    void QRCode.toDataURL(setupUri, {
      margin: 1,
      width: 184,
      errorCorrectionLevel: 'M',
      color: { dark: '#0b1220', light: '#ffffff' },
    }).then((dataUrl) => {
      if (active) setQr({ uri: setupUri, dataUrl });
    });
    return () => {
      active = false;
    };
  }, [setupUri]);

  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: 'center',
        gap: 5,
        p: 4,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        sx={{
          p: 1.5,
          bgcolor: '#ffffff',
          borderRadius: 1.5,
          lineHeight: 0,
          border: 1,
          borderColor: 'divider',
        }}
      >
        {qr?.uri === setupUri ? (
          <img
            src={qr.dataUrl}
            width={160}
            height={160}
            alt={intl.formatMessage({ id: 'components.totpSetup.qrCode' })}
          />
        ) : (
          <Skeleton variant="rectangular" width={160} height={160} />
        )}
      </Box>
      <Box sx={{ minWidth: 0, textAlign: { xs: 'center', sm: 'left' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <FormattedMessage id="components.totpSetup.cantScan" />
        </Typography>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            justifyContent: { xs: 'center', sm: 'flex-start' },
          }}
        >
          <Typography
            component="code"
            data-testid="totp-secret"
            sx={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontWeight: 700,
              fontSize: '0.875rem',
              // Wrap between the groups of four, never inside one: the key is typed in by hand.
              overflowWrap: 'anywhere',
            }}
          >
            {groupSecret(secret)}
          </Typography>
          <Tooltip
            title={intl.formatMessage({
              id: copied ? 'components.totpSetup.copied' : 'components.totpSetup.copyKey',
            })}
          >
            <IconButton
              size="small"
              aria-label={intl.formatMessage({ id: 'components.totpSetup.copyKey' })}
              onClick={() => void copy()}
            >
              <ContentCopyOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    </Box>
  );
}
