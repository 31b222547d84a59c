import { accountsApi } from './api';
import { EmailRequestForm } from './EmailRequestForm';

export default function ResendConfirmationPage() {
  return (
    <EmailRequestForm
      title="Resend Email Verification"
      subtitle="Let Us Help You"
      instruction="Please provide your email address to resend the verification link"
      send={accountsApi.resendEmail}
    />
  );
}
