import { COGNITO_USERNAME, asciiMailbox, emailProblem } from './email';
import { emailSchema } from './schemas';

describe('the email rule (Cognito usernames, issue 9 item 6)', () => {
  it.each([
    ['plain', 'ada@example.com'],
    ['quoted local part', '"ada..lovelace"@example.com'],
    ['quoted local part with an @', '"a@b"@example.com'],
    ['non-ASCII', 'josé.müller@bücher.example'],
    ['non-Latin', '用户@例子.广告'],
    ['emoji (one character each)', `${'😀'.repeat(100)}@example.com`],
    ['exactly 128 characters', `${'a'.repeat(116)}@example.com`],
    ['no dot in the domain', 'root@localhost'],
    ['plus tag', 'ada+cpe@example.com'],
  ])('accepts a Cognito-valid address: %s', (_label, address) => {
    expect(emailProblem(address)).toBeNull();
    expect(emailSchema.safeParse(address)).toEqual({ success: true, data: address });
  });

  it.each([
    ['empty', '', 'empty'],
    ['129 characters', `${'a'.repeat(117)}@example.com`, 'too-long'],
    ['a space', 'ada lovelace@example.com', 'characters'],
    ['a quoted space', '"ada lovelace"@example.com', 'characters'],
    ['CR LF', 'ada@example.com\r\nBcc: eve@example.com', 'characters'],
    ['a tab', 'ada\t@example.com', 'characters'],
    ['a zero-width space', 'ada\u200b@example.com', 'characters'],
    ['no @', 'ada.example.com', 'not-email'],
    ['nothing before @', '@example.com', 'not-email'],
    ['nothing after @', 'ada@', 'not-email'],
  ])('refuses what Cognito refuses: %s', (_label, address, problem) => {
    expect(emailProblem(address)).toBe(problem);
    expect(emailSchema.safeParse(address).success).toBe(false);
  });

  it('counts length in characters (code points), as the AWS model does', () => {
    const astral = `${'😀'.repeat(COGNITO_USERNAME.maxLength - 2)}@a`;
    expect(astral.length).toBeGreaterThan(COGNITO_USERNAME.maxLength);
    expect(emailProblem(astral)).toBeNull();
    expect(emailProblem(`${astral}b`)).toBe('too-long');
  });

  it('trims what a form field adds around the address', () => {
    expect(emailSchema.parse('  ada@example.com ')).toBe('ada@example.com');
  });

  it('puts only addresses SES can carry unchanged into a header', () => {
    expect(asciiMailbox('ada+x@example.com')).toBe('ada+x@example.com');
    expect(asciiMailbox('"a b"@example.com')).toBeUndefined();
    expect(asciiMailbox('josé@example.com')).toBeUndefined();
    expect(asciiMailbox('root@localhost')).toBeUndefined();
    expect(asciiMailbox('a@b.example\r\nBcc: x@y.z')).toBeUndefined();
  });
});
