import { headerRecipients, parseMessage } from './message';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

describe('a received message', () => {
  it('reads the sender, the subject, the text and each attachment with its bytes', async () => {
    const parsed = await parseMessage(
      crlf([
        'From: "Webinars, Inc." <webinars@example.com>',
        'To: abcdefghjkmnpqrstuvw@in.example.org',
        'Subject: =?UTF-8?B?WW91ciBjZXJ0aWZpY2F0ZSDinJM=?=',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="x"',
        '',
        '--x',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Attached: 4 CPE hours.',
        '--x',
        'Content-Type: application/octet-stream; name="=?UTF-8?Q?Zertifikat_f=C3=BCr_Kurs.pdf?="',
        'Content-Disposition: attachment',
        'Content-Transfer-Encoding: base64',
        '',
        PDF.toString('base64'),
        '--x--',
        '',
      ]),
    );
    expect(parsed).toMatchObject({
      from: 'webinars@example.com',
      subject: 'Your certificate ✓',
      html: false,
    });
    expect(parsed.text.trim()).toBe('Attached: 4 CPE hours.');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]).toMatchObject({
      filename: 'Zertifikat für Kurs.pdf',
      // Declared as bytes of no type: mailparser names the type its file name gives.
      contentType: 'application/pdf',
      inline: false,
    });
    expect(Buffer.from(parsed.attachments[0]!.content)).toEqual(PDF);
  });

  it("reads an HTML body as text, and marks an HTML body's own images as inline", async () => {
    const parsed = await parseMessage(
      crlf([
        'From: certificates@example.com',
        'Subject: Certificate',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="m"',
        '',
        '--m',
        'Content-Type: multipart/related; boundary="r"',
        '',
        '--r',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Certificate of Completion</p><p>2 CPE credits</p><img src="cid:logo">',
        '--r',
        'Content-Type: image/png',
        'Content-ID: <logo>',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64'),
        '--r--',
        '--m--',
        '',
      ]),
    );
    expect(parsed.html).toBe(true);
    expect(parsed.text).toContain('Certificate of Completion');
    expect(parsed.text).toContain('2 CPE credits');
    expect(parsed.attachments.map((a) => a.inline)).toEqual([true]);
  });

  it('lists the To, Cc and Bcc addresses, groups included', async () => {
    const raw = crlf([
      'From: a@example.com',
      'To: "One" <one@in.example.org>, Team: two@in.example.org, three@example.com;',
      'Cc: four@in.example.org',
      'Bcc: five@in.example.org',
      'Subject: x',
      '',
      'x',
    ]);
    expect(await headerRecipients(raw)).toEqual([
      'one@in.example.org',
      'two@in.example.org',
      'three@example.com',
      'four@in.example.org',
      'five@in.example.org',
    ]);
  });
});
