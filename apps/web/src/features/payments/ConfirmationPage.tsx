import { paymentsEndpoints } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { PAGES } from '../../shell/pages';
import { ResultMessage } from './ResultMessage';

/** /webshopconfirmation: the Tales Runner return page; sends its own query string to the server. */
export default function ConfirmationPage() {
  const [params] = useSearchParams();
  const txnid = params.get('txnid');
  return (
    <ResultMessage
      title="Payment Confirmation"
      txnid={txnid}
      shopPath={PAGES.talesRunnerWebshop.path}
      cartPath={PAGES.talesRunnerCart.path}
      load={() =>
        call(paymentsEndpoints.confirmation, { query: { ...Object.fromEntries(params), txnid: txnid ?? '' } })
      }
    />
  );
}
