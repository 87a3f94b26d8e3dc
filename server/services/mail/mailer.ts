/** An e-mail as Touchline sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  bcc?: string[];
  /** The display name of the sender (a broadcast's Sender Name), with the configured address. */
  fromName?: string;
  /** The List-Unsubscribe link (RFC 2369) of a mail sent to many (a broadcast), one-click per RFC 8058. */
  listUnsubscribe?: string;
  /** Files sent along, e.g. a booking's .ics calendar entry or a signed waiver's PDF. */
  attachments?: MailAttachment[];
}

/** A file sent along: text, or bytes (a PDF); either way a part of a multipart/mixed message. */
export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

/** The mail adapter: SMTP when configured, else .eml files in DATA_DIR/outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
