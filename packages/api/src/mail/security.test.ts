/** The security notices as a reader gets them: through the SES client, read back by mailparser. */
import { simpleParser } from 'mailparser';
import { type SendEmailRequest, asMime, capturingSes } from '../testing/ses-capture';
import { accountDeletedMail, passwordChangedMail } from './security';

const config = { MAIL_FROM_ADDRESS: 'no-reply@cpe.example', SITE_URL: 'https://cpe.example' };
const at = new Date('2026-11-26T23:30:00Z');

describe('security mail', () => {
  let ses: Awaited<ReturnType<typeof capturingSes>>;
  beforeAll(async () => {
    ses = await capturingSes();
  });
  afterAll(async () => {
    await ses.close();
  });
  const read = async () => simpleParser(asMime(ses.requests.at(-1) as SendEmailRequest));

  it("says when the password changed, in the holder's zone and locale, and how to undo it", async () => {
    await ses.mailer.send(
      passwordChangedMail(
        config,
        { email: 'zoë@example.com', locale: 'en-GB', timeZone: 'Europe/Berlin' },
        at,
      ),
    );
    const mail = await read();
    expect(mail.subject).toBe('CPE Tracker: your password was changed');
    expect(mail.to).toMatchObject({ text: 'zoë@example.com' });
    expect(mail.text).toContain(
      'The password of your CPE Tracker account (zoë@example.com) was changed on 27 Nov 2026, 00:30 CET.',
    );
    expect(mail.text).toContain('Reset your password: https://cpe.example/login');
    const html = String(mail.html);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('href="https://cpe.example/login"');
    expect(html).not.toMatch(/<(img|script|link|style)\b/i);
  });

  it('says the account and its data are gone, with the defaults when nothing was chosen', async () => {
    await ses.mailer.send(
      accountDeletedMail(config, { email: 'ada@example.com', locale: null, timeZone: null }, at),
    );
    const mail = await read();
    expect(mail.subject).toBe('CPE Tracker: your account was deleted');
    expect(mail.text).toContain(
      'Your CPE Tracker account (ada@example.com) and everything stored with it (certifications, activities, settings and files) were deleted on 26 Nov 2026, 23:30 UTC.',
    );
    expect(mail.text).toContain('Contact us: https://cpe.example/contactus');
  });
});
