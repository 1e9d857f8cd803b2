/** The forwarding confirmation as its reader gets it: through the SES client, read back by mailparser. */
import { simpleParser } from 'mailparser';
import { type SendEmailRequest, asMime, capturingSes } from '../testing/ses-capture';
import { inboundReportMail } from './inbound';

const config = { MAIL_FROM_ADDRESS: 'no-reply@cpe.example', SITE_URL: 'https://cpe.example/' };

describe('the forwarding confirmation', () => {
  let ses: Awaited<ReturnType<typeof capturingSes>>;
  beforeAll(async () => {
    ses = await capturingSes();
  });
  afterAll(async () => {
    await ses.close();
  });
  const read = async () => simpleParser(asMime(ses.requests.at(-1) as SendEmailRequest));

  it('lists what was proposed, with a link to the inbox, to the account holder', async () => {
    await ses.mailer.send(
      inboundReportMail(config, 'zoë@example.com', {
        subject: 'Fwd: <Zertifikat> & more',
        proposed: [
          { title: 'Secure Code Review', file: 'sans.pdf' },
          { title: 'Cloud Threat Modelling', file: null },
        ],
      }),
    );
    const mail = await read();
    expect(mail.subject).toBe('CPE Tracker: 2 activities proposed from your email');
    expect(mail.to).toMatchObject({ text: 'zoë@example.com' });
    expect(mail.from).toMatchObject({ text: 'no-reply@cpe.example' });
    expect(mail.text).toContain('We read “Fwd: <Zertifikat> & more” and proposed these activities');
    expect(mail.text).toContain('- Secure Code Review (sans.pdf)\n- Cloud Threat Modelling\n');
    expect(mail.text).toContain('Open your inbox: https://cpe.example/inbox');
    const html = String(mail.html);
    expect(html).toContain('Fwd: &lt;Zertifikat&gt; &amp; more');
    expect(html).toContain('<li>Secure Code Review (sans.pdf)</li>');
    expect(html).toContain('href="https://cpe.example/inbox"');
    expect(html).not.toMatch(/<(img|script|link|style)\b/i);
  });

  it('says why nothing was proposed', async () => {
    await ses.mailer.send(
      inboundReportMail(config, 'ada@example.com', {
        subject: '',
        proposed: [],
        note: 'Your forwarded message had 11 attachments; messages with up to 10 are read.',
      }),
    );
    const mail = await read();
    expect(mail.subject).toBe('CPE Tracker: Nothing was proposed from your email');
    expect(mail.text).toContain('We read your forwarded message but proposed no activity from it.');
    expect(mail.text).toContain(
      'Your forwarded message had 11 attachments; messages with up to 10 are read.',
    );
  });
});
