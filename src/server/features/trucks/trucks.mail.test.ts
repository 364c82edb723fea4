import { describe, expect, it } from 'vitest';
import { reviewDecisionMail } from './trucks.mail';

describe('the review decision mail', () => {
  it('writes the truck’s name as its owner typed it, "$&" and "{{name}}" included', () => {
    const mail = reviewDecisionMail('owner@example.com', 'en', { nameEn: 'Tacos $& {{name}}', nameAr: '' }, { action: 'approve' }, 'https://truckdesk.example');
    expect(mail.subject).toBe('Tacos $& {{name}} is approved');
    expect(mail.html).toContain('Good news: Tacos $&#38; {{name}} is approved');
  });

  it('names an untitled truck in the owner’s language', () => {
    const mail = reviewDecisionMail('owner@example.com', 'ar', { nameEn: '', nameAr: '' }, { action: 'suspend', reason: 'مستندات ناقصة' }, 'https://truckdesk.example');
    expect(mail.subject).toBe('تم إيقاف عربتك');
    expect(mail.text).toContain('السبب: مستندات ناقصة');
  });
});
