import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageReply } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';

type ReasonFields = { reason: string };

/**
 * A player action staff take behind a confirmation with a written reason (kept in the audit trail): erasing
 * personal data, turning off two-step verification. A 422 shows under the reason and keeps the dialog open;
 * otherwise the dialog closes and the page hears the outcome (the server's message, or why it failed).
 */
export function useReasonedAction({
  schema,
  send,
  failure,
  onDone,
}: {
  /** What the reason must be (the contract's rule, or none where it is not asked for). */
  schema: z.ZodType<ReasonFields, ReasonFields>;
  send: (reason: string) => Promise<MessageReply>;
  /** The failure text when the server gives none. */
  failure: string;
  onDone: (outcome: { ok: boolean; text: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const action = useMutation({ mutationFn: send });
  const close = () => {
    setOpen(false);
    form.reset();
  };
  const submit = form.handleSubmit(({ reason }) =>
    action.mutate(reason, {
      onSuccess: (reply) => {
        close();
        onDone({ ok: true, text: reply.message });
      },
      onError: (error) => {
        if (showFieldErrors(error, form)) return;
        close();
        onDone({ ok: false, text: errorMessage(error, failure) });
      },
    }),
  );
  return {
    open,
    start: () => setOpen(true),
    close,
    submit,
    control: form.control,
    pending: action.isPending,
  };
}
