import { addressFromViewerHeader, clientKey, senderKey } from './keys';

describe('senderKey (issue 9 item 4: one key per mailbox)', () => {
  it.each([
    ['Ada@Example.com', 'ada@example.com'],
    ['  ada@example.com ', 'ada@example.com'],
    ['ada+cpe@example.com', 'ada@example.com'],
    ['ada+a+b@example.com', 'ada@example.com'],
    ['a.d.a+x@gmail.com', 'ada@gmail.com'],
    ['A.DA@googlemail.com', 'ada@gmail.com'],
    ['ada@gmail.com.', 'ada@gmail.com'],
    ['ａｄａ@ｇｍａｉｌ.com', 'ada@gmail.com'],
    // Dots mean something elsewhere.
    ['a.da@example.com', 'a.da@example.com'],
    // A quoted local part is one opaque name: case folds, nothing else.
    ['"A+B.C"@gmail.com', '"a+b.c"@gmail.com'],
    // Nothing would be left: keep what there is.
    ['+tag@example.com', '+tag@example.com'],
  ])('%s -> %s', (address, key) => {
    expect(senderKey(address)).toBe(key);
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:aaaa:bbbb:1:2:3:4', '2001:db8:aaaa:bbbb::/64'],
    ['2001:0db8:aaaa:bbbb::ffff', '2001:db8:aaaa:bbbb::/64'],
    ['2001:DB8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not an address', 'not an address'],
  ])('%s -> %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('is null when API Gateway gave no address', () => {
    expect(clientKey(null)).toBeNull();
    expect(clientKey('')).toBeNull();
  });
});

describe('addressFromViewerHeader (CloudFront-Viewer-Address)', () => {
  it.each([
    ['198.51.100.10:46532', '198.51.100.10'],
    ['198.51.100.10', '198.51.100.10'],
    ['2001:db8:85a3:0:0:8a2e:370:7334:46532', '2001:db8:85a3:0:0:8a2e:370:7334'],
    ['2001:db8::1:443', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    [' ', null],
  ])('%s -> %s', (header, address) => {
    expect(addressFromViewerHeader(header)).toBe(address);
  });
});
