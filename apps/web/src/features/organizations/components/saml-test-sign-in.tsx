import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TSamlTestSignInResult } from '@laurel/contract/sso';

import { DetailGrid } from '../../../components/display/detail-grid';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { getErrorText } from '../../../lib/errors/error-text';
import { useGetSamlTestSignInResultQuery, useStartSamlTestSignInMutation } from '../api/saml-api';

/** The query parameter a test sign-in comes back with. */
const PARAM = 'saml_test';

/** What is shown where there is nothing to show. */
const NO_VALUE = '—';

/**
 * "Test sign-in": the admin goes through the institution's identity provider and comes back to
 * this page, which shows what Laurel received and what it would do. Nobody is signed in.
 */
export function SamlTestSignIn({ organizationId }: { organizationId: number }) {
  const [start, { isLoading }] = useStartSamlTestSignInMutation();
  const { showSnackbar } = useSnackbar();
  const [searchParams, setSearchParams] = useSearchParams();
  const testId = searchParams.get(PARAM);
  const begin = async () => {
    try {
      const { url } = await start({
        id: organizationId,
        returnPath: window.location.pathname,
      }).unwrap();
      window.location.assign(url);
    } catch (error) {
      showSnackbar(getErrorText(error), 'error');
    }
  };
  const close = () =>
    setSearchParams(
      (params) => {
        params.delete(PARAM);
        return params;
      },
      { replace: true },
    );
  return (
    <>
      <Box sx={{ mt: 4, display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => void begin()} disabled={isLoading}>
          <FormattedMessage id={isLoading ? 'saml.testSignIn.starting' : 'saml.testSignIn.start'} />
        </Button>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="saml.testSignIn.description" />
        </Typography>
      </Box>
      {testId ? (
        <TestResultDialog organizationId={organizationId} testId={testId} onClose={close} />
      ) : null}
    </>
  );
}

function TestResultDialog({
  organizationId,
  testId,
  onClose,
}: {
  organizationId: number;
  testId: string;
  onClose: () => void;
}) {
  const { data, error, isLoading } = useGetSamlTestSignInResultQuery({
    id: organizationId,
    testId,
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="saml-test-title">
      <DialogTitle id="saml-test-title">
        <FormattedMessage id="saml.testSignIn.resultTitle" />
      </DialogTitle>
      <DialogContent>
        {isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : error || !data ? (
          <Alert severity="error">{getErrorText(error)}</Alert>
        ) : (
          <TestResult result={data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="saml.testSignIn.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TestResult({ result }: { result: TSamlTestSignInResult }) {
  const intl = useIntl();
  const attributes = Object.entries(result.attributes);
  const none = intl.formatMessage({ id: 'saml.testSignIn.none' });
  return (
    <>
      <Alert severity={result.refusal ? 'error' : 'success'} sx={{ mb: 4 }}>
        {result.outcome}
      </Alert>
      {result.accepted ? (
        <>
          <DetailGrid
            items={[
              { label: intl.formatMessage({ id: 'saml.testSignIn.nameId' }), value: result.nameId },
              {
                label: intl.formatMessage({ id: 'saml.testSignIn.nameIdFormat' }),
                value: result.nameIdFormat,
              },
              { label: intl.formatMessage({ id: 'saml.testSignIn.email' }), value: result.email },
              {
                label: intl.formatMessage({ id: 'saml.testSignIn.name' }),
                value: [result.firstName, result.lastName].filter(Boolean).join(' ') || null,
              },
              {
                label: intl.formatMessage({ id: 'saml.testSignIn.groups' }),
                value: result.groups.length > 0 ? result.groups.join(', ') : none,
              },
              {
                label: intl.formatMessage({ id: 'saml.testSignIn.role' }),
                value: result.role ?? NO_VALUE,
              },
            ]}
          />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 4, mb: 2 }}>
            <FormattedMessage id="saml.testSignIn.attributesReceived" />
          </Typography>
          {attributes.length === 0 ? (
            <Typography color="text.secondary">{none}</Typography>
          ) : (
            <Box
              component="dl"
              sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}
            >
              {attributes.map(([name, values]) => (
                <Box key={name} sx={{ mb: 2 }}>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {name}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    {values.join(', ') || NO_VALUE}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </>
      ) : null}
    </>
  );
}
