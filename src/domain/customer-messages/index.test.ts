import { describe, expect, it } from 'vitest';
import { OrderNotifySchema, inboundIntent } from './index';

describe('customer messages', () => {
  it('reads STOP and إيقاف (and START) whatever the case or a final full stop', () => {
    expect(['STOP', 'stop', ' Stop. ', 'إيقاف', 'ايقاف']. map(inboundIntent)).toEqual(['stop', 'stop', 'stop', 'stop', 'stop']);
    expect(inboundIntent('START')).toBe('start');
    expect(inboundIntent('please stop the spam')).toBeNull();
  });

  it('needs a phone for SMS and WhatsApp and an address for e-mail', () => {
    expect(OrderNotifySchema.safeParse({ channel: 'page', lang: 'en' }).success).toBe(true);
    expect(OrderNotifySchema.safeParse({ channel: 'sms', lang: 'ar' }).error?.issues[0]?.path).toEqual(['phone']);
    expect(OrderNotifySchema.safeParse({ channel: 'whatsapp', phone: '+96555512345', lang: 'ar' }).success).toBe(true);
    expect(OrderNotifySchema.safeParse({ channel: 'email', lang: 'en' }).error?.issues[0]?.path).toEqual(['email']);
  });
});
