import { useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { type Confirmation, ResultMessage } from './ResultMessage';

/** /webshopconfirmation: the Tales Runner return page; sends its own query string to the server. */
export default function ConfirmationPage() {
  const [params] = useSearchParams();
  const txnid = params.get('txnid');
  return (
    <ResultMessage
      title="Payment Confirmation"
      txnid={txnid}
      shopPath="/TRWebshop"
      cartPath="/TRCart"
      load={() => api.get<Confirmation>(`/api/xsolla/confirmation${window.location.search}`)}
    />
  );
}
