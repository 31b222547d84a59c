import { paymentsEndpoints } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { storage } from '../../lib/storage';
import { PAGES } from '../../shell/pages';
import { ResultMessage } from './ResultMessage';

/** /webshop/payment: the Yggdra return page. */
export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const txnid = params.get('txnid');
  return (
    <ResultMessage
      title="Payment"
      txnid={txnid}
      shopPath={PAGES.webshop.path}
      cartPath={PAGES.webshopCart.path}
      load={() =>
        call(paymentsEndpoints.payConfirmation, {
          body: { txnid: txnid ?? '', user: storage.getUser()?.uuid ?? null },
        })
      }
    />
  );
}
