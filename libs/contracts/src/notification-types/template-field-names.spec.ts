import { Channel } from '../common/channel.enum';
import { ErrorCode } from '../errors/error-code.enum';
import { withClarionFieldNames, withSdkFieldNames } from './template-field-names';

describe('template field names', () => {
  it("stores the SDK's text of an SMS template as its message", () => {
    expect(withClarionFieldNames(Channel.SMS, { text: 'Hi' })).toEqual({ message: 'Hi' });
  });

  it("stores the SDK's in-app links as url and image", () => {
    expect(
      withClarionFieldNames(Channel.INAPP_WEB, {
        title: 'T',
        redirectURL: 'https://a.test',
        imageURL: 'https://a.test/i.png',
      }),
    ).toEqual({ title: 'T', url: 'https://a.test', image: 'https://a.test/i.png' });
  });

  it('refuses a field named both ways', () => {
    expect(() => withClarionFieldNames(Channel.SMS, { text: 'a', message: 'b' })).toThrow(
      expect.objectContaining({ code: ErrorCode.VALIDATION_FAILED }),
    );
  });

  it('answers an SMS template with text beside message', () => {
    expect(withSdkFieldNames(Channel.SMS, { message: 'Hi' })).toEqual({
      message: 'Hi',
      text: 'Hi',
    });
  });

  it('answers an email template with the fields the model requires, empty when unset', () => {
    expect(
      withSdkFieldNames(Channel.EMAIL, { subject: 's', html: 'h', senderName: 'Acme' }),
    ).toEqual({
      subject: 's',
      html: 'h',
      senderName: 'Acme',
      senderEmail: '',
      internal: '',
    });
  });

  it('answers an in-app template with its links and its instant and batch variants', () => {
    const variant = { title: 'T', redirectURL: 'https://a.test', imageURL: '' };
    expect(withSdkFieldNames(Channel.INAPP_WEB, { title: 'T', url: 'https://a.test' })).toEqual({
      title: 'T',
      url: 'https://a.test',
      redirectURL: 'https://a.test',
      imageURL: '',
      instant: variant,
      batch: variant,
    });
  });
});
