// Mail captured in process (no SMTP_URL): what the admin API and the web dashboard show, attachments as bytes.
import { apiError } from '../platform/errors/api-error';
import type { AppDeps } from '../platform/app-context';

// Through the deps' type: the dashboard layer reads the capture the server composed, not the mail layer itself.
type CaptureMailer = NonNullable<AppDeps['mailCapture']>;
type CapturedMail = ReturnType<CaptureMailer['list']>[number];

export type MailSummary = Omit<CapturedMail, 'attachments'> & {
  readonly attachments: ReadonlyArray<Omit<CapturedMail['attachments'][number], 'content'>>;
};

const summary = ({ attachments, ...mail }: CapturedMail): MailSummary => ({
  ...mail,
  attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
});

/** Every captured message without attachment bytes; empty when mail goes to an SMTP server. */
export const listCapturedMail = (capture: CaptureMailer | undefined): MailSummary[] =>
  (capture?.list() ?? []).map(summary);

export function capturedMail(capture: CaptureMailer | undefined, id: string): MailSummary {
  const mail = capture?.get(id);
  if (!mail) throw apiError('NOT_FOUND', 'Mail not found');
  return summary(mail);
}

export function mailAttachment(
  capture: CaptureMailer | undefined,
  id: string,
  filename: string,
): { readonly content: Buffer; readonly contentType: string } {
  const attachment = capture?.get(id)?.attachments.find((a) => a.filename === filename);
  if (!attachment) throw apiError('NOT_FOUND', 'Attachment not found');
  return attachment;
}
