import { useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { storage } from '../../lib/storage';
import { type Confirmation, ResultMessage } from './ResultMessage';

/** /webshop/payment: the Yggdra return page. */
export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const txnid = params.get('txnid');
  return (
    <ResultMessage
      title="Payment"
      txnid={txnid}
      shopPath="/webshop"
      cartPath="/webshop/cart"
      load={() =>
        api.post<Confirmation>('/api/shop/yggdra/payconfirmation', {
          txnid,
          user: storage.getUser()?.uuid ?? null,
        })
      }
    />
  );
}
