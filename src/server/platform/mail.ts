/**
 * `app.mail.send(...)`: over SMTP when SMTP_URL is set; otherwise the message goes to the
 * mail_outbox table and is printed on the console, so a fresh install can still follow a reset link.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

function senderAddress(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `TruckDesk <no-reply@${host.includes('.') && !/^[\d.]+$/.test(host) ? host : 'truckdesk.localhost'}>`;
}

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, publicUrl, logLevel } = app.config;
    const from = senderAddress(publicUrl);
    let mailer: Mailer;
    if (smtpUrl) {
      const transport = nodemailer.createTransport(smtpUrl);
      app.addHook('onClose', async () => transport.close());
      mailer = {
        async send(mail) {
          await transport.sendMail({ from, ...mail });
        },
      };
    } else {
      mailer = {
        async send(mail) {
          await app.database.db.insert(mailOutbox).values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
          if (logLevel !== 'silent') {
            process.stdout.write(`\n--- mail (outbox; set SMTP_URL to send) ---\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n--- end of mail ---\n`);
          }
        },
      };
    }
    app.decorate('mail', mailer);
  },
  { name: 'mail', dependencies: ['database'] },
);
