import { z } from 'zod';
import { registerRequestSchema, resetPasswordRequestSchema } from './accounts';
import { staffAcceptSchema } from './staff';
import { EMAIL_PATTERN, MESSAGES } from './validation';

/**
 * Web forms whose client-side rules or messages (spec section 5) go beyond the request they send. Each is
 * derived from that request's schema, so a rule the server adds reaches the form; the server checks the
 * request again whatever the form did.
 */

// A rule across fields normally waits until every field is valid; these show as soon as their field is.
const evenWhileOtherFieldsFail = { when: () => true };

/** Register: the spec's email messages, the confirmation, Caliber's nickname and the agreement checkbox. */
export const registerFormSchema = registerRequestSchema
  .omit({ confirmPassword: true, pin: true })
  .extend({
    email: z
      .string()
      .trim()
      .min(1, MESSAGES.emailRequired)
      .regex(EMAIL_PATTERN, MESSAGES.emailBlur)
      .pipe(registerRequestSchema.shape.email),
    password_confirmation: z.string().min(1, MESSAGES.passwordsDoNotMatch),
    /** The terms of service and privacy policy checkbox: ticked. */
    agreed: z.boolean().refine((ticked) => ticked),
  })
  .refine((form) => form.selectedGame !== 'caliber' || Boolean(form.nickname), {
    path: ['nickname'],
    message: MESSAGES.required,
    ...evenWhileOtherFieldsFail,
  })
  .refine((form) => form.password_confirmation === form.password, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordsDoNotMatch,
    ...evenWhileOtherFieldsFail,
  });

/** Change your Password: both passwords must match before anything is sent; the token comes from the link. */
export const resetPasswordFormSchema = resetPasswordRequestSchema
  .omit({ token: true })
  .refine((form) => form.new_password === form.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: MESSAGES.passwordsDoNotMatch,
    ...evenWhileOtherFieldsFail,
  });

/** The staff invitation page: a password and its confirmation (the token comes from the link). */
export const staffAcceptFormSchema = staffAcceptSchema
  .omit({ token: true })
  .extend({ password_confirmation: z.string() })
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordsDoNotMatch,
    ...evenWhileOtherFieldsFail,
  });
