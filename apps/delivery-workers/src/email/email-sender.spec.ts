import { resolveEmailSender } from './email-sender';
import { emailConfigOf, emailJobOf } from './test-peers/email-fixtures';

describe(resolveEmailSender.name, () => {
  const config = emailConfigOf();

  it('uses the default sender when the send names none', () => {
    expect(resolveEmailSender(emailJobOf(), config)).toEqual({
      name: 'Clarion',
      address: 'notifications@clarion.test',
      domain: 'clarion.test',
    });
  });

  it('keeps a sender on a verified domain or a subdomain of one, ignoring case', () => {
    for (const address of ['news@acme.com', 'news@MAIL.Acme.COM', 'ops@clarion.test']) {
      const job = emailJobOf({ senderName: 'Acme', senderEmail: address });
      expect(resolveEmailSender(job, config)).toEqual({
        name: 'Acme',
        address,
        domain: address.split('@')[1]!.toLowerCase(),
      });
    }
  });

  it('signs for an account sender domain the address is on, or a subdomain of it', () => {
    const shop = {
      domain: 'shop.test',
      selector: 's1',
      privateKeyPem: 'PEM',
      returnPathVerified: false,
    };
    for (const address of ['orders@shop.test', 'orders@Mail.Shop.test']) {
      const job = emailJobOf({}, { fromName: 'Shop', fromAddress: address });
      expect(resolveEmailSender(job, config, [shop])).toEqual({
        name: 'Shop',
        address,
        domain: address.split('@')[1]!.toLowerCase(),
        signedBy: shop,
      });
    }
    const elsewhere = emailJobOf({}, { fromAddress: 'orders@shop.test.evil.test' });
    expect(resolveEmailSender(elsewhere, config, [shop])).toMatchObject({
      address: 'notifications@clarion.test',
      fallback: expect.any(String),
    });
    expect(resolveEmailSender(elsewhere, config, [shop]).signedBy).toBeUndefined();
  });

  it('prefers the send options over the content', () => {
    const job = emailJobOf(
      { senderName: 'Content', senderEmail: 'content@acme.com' },
      { fromName: 'Option', fromAddress: 'option@acme.com' },
    );
    expect(resolveEmailSender(job, config)).toMatchObject({
      name: 'Option',
      address: 'option@acme.com',
    });
  });

  it('falls back to the default address, keeping the requested name, and says why', () => {
    for (const address of ['x@evil.test', 'x@notacme.com', 'x@acme.com.evil.test']) {
      const job = emailJobOf({}, { fromName: 'Acme', fromAddress: address });
      expect(resolveEmailSender(job, config)).toEqual({
        name: 'Acme',
        address: 'notifications@clarion.test',
        domain: 'clarion.test',
        fallback: `${address} is not on a verified domain, so the email was sent from notifications@clarion.test`,
      });
    }
  });

  it('sends without a display name when neither the send nor the default has one', () => {
    const job = emailJobOf({ senderEmail: 'a@acme.com' });
    expect(resolveEmailSender(job, config).name).toBeUndefined();
  });
});
