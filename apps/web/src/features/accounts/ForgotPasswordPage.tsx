import { accountsApi } from './api';
import { EmailRequestForm } from './EmailRequestForm';

export default function ForgotPasswordPage() {
  return (
    <EmailRequestForm
      title="Forgot Password"
      instruction="Please enter your email address so we can send you a password recovery link"
      send={accountsApi.forgotPassword}
    />
  );
}
