import { useForgotPassword } from './api';
import { EmailRequestForm } from './EmailRequestForm';

export default function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  return (
    <EmailRequestForm
      title="Forgot Password"
      instruction="Please enter your email address so we can send you a password recovery link"
      request={forgotPassword}
    />
  );
}
