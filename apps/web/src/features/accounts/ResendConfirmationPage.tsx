import { useResendEmail } from './api';
import { EmailRequestForm } from './EmailRequestForm';

export default function ResendConfirmationPage() {
  const resendEmail = useResendEmail();
  return (
    <EmailRequestForm
      title="Resend Email Verification"
      subtitle="Let Us Help You"
      instruction="Please provide your email address to resend the verification link"
      request={resendEmail}
    />
  );
}
