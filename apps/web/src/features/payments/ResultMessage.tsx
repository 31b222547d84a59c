import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { TestPaymentsBanner } from './TestPaymentsBanner';

export interface Confirmation {
  message: string;
  status: 'Pending' | 'SUCCESSFUL' | 'FAILED';
  txnid: string;
}

/**
 * Shows the server's message about the order followed by '!'. The text always comes from the order's real
 * state on the server, never from the query string. While the payment is pending it asks again every 3 s.
 */
export function ResultMessage({
  txnid,
  load,
  shopPath,
  title,
}: {
  txnid: string | null;
  load: () => Promise<Confirmation>;
  shopPath: string;
  title: string;
}) {
  const query = useQuery({
    queryKey: ['payment-confirmation', txnid],
    queryFn: load,
    enabled: Boolean(txnid),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'Pending' ? 3000 : false),
  });
  const severity =
    query.data?.status === 'SUCCESSFUL' ? 'success' : query.data?.status === 'FAILED' ? 'error' : 'info';
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <TestPaymentsBanner />
        {!txnid ? (
          <Alert severity="warning">There is no transaction to show.</Alert>
        ) : query.isPending ? (
          <CenteredSpinner size="section" label="Checking the payment" />
        ) : query.isError ? (
          <Alert severity="error">{errorMessage(query.error, 'The payment could not be checked.')}</Alert>
        ) : (
          <Alert severity={severity} data-testid="payment-message">
            {`${query.data.message}!`}
          </Alert>
        )}
        {txnid && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, wordBreak: 'break-all' }}>
            Transaction ID: {txnid}
          </Typography>
        )}
        <Button component={RouterLink} to={shopPath} sx={{ mt: 2 }}>
          Back to Shop
        </Button>
      </CardContent>
    </Card>
  );
}
