/**
 * How the customer is told how their order goes (issue 46, decision 019): the choice made at
 * checkout, and the rules of the inbound STOP words. Pure.
 */
import { z } from 'zod';
import { EmailSchema, PhoneSchema } from '../accounts';

export const NOTIFY_CHANNELS = ['page', 'sms', 'whatsapp', 'email'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** The choice at checkout: the order page alone (sound, vibration, the tab's title), or also a message. */
export const OrderNotifySchema = z
  .strictObject({
    channel: z.enum(NOTIFY_CHANNELS),
    phone: PhoneSchema.optional(),
    email: EmailSchema.optional(),
    lang: z.enum(['en', 'ar']),
  })
  .superRefine((value, ctx) => {
    if ((value.channel === 'sms' || value.channel === 'whatsapp') && !value.phone) ctx.addIssue({ code: 'custom', path: ['phone'], params: { code: 'required' } });
    if (value.channel === 'email' && !value.email) ctx.addIssue({ code: 'custom', path: ['email'], params: { code: 'required' } });
  });
export type OrderNotify = z.infer<typeof OrderNotifySchema>;
export type OrderNotifyInput = z.input<typeof OrderNotifySchema>;

/** What an inbound message may say to stop or to start again, in either language, any case, alone. */
const STOP_WORDS = new Set(['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'إيقاف', 'ايقاف', 'توقف', 'الغاء', 'إلغاء']);
const START_WORDS = new Set(['start', 'unstop', 'yes', 'بدء', 'ابدأ']);

export function inboundIntent(body: string): 'stop' | 'start' | null {
  const word = body.trim().toLowerCase().replace(/[.!؟?]+$/u, '');
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}
