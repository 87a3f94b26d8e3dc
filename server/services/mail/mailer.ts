/** An e-mail as Touchline sends it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  bcc?: string[];
}

/** The mail adapter: SMTP when configured, else .eml files in DATA_DIR/outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
