import { describe, expect, it } from 'vitest';
import { greetingOffersTls } from '../../../../src/dialects/mysql/preferred-tls.js';

/** A server greeting (protocol 10) as MariaDB sends it: header, version, id, scramble, filler, flags. */
function greeting(capabilities: number, version = '10.11.19-MariaDB-0+deb12u1'): Buffer {
  const payload = Buffer.concat([
    Buffer.from([10]),
    Buffer.from(`${version}\0`, 'latin1'),
    Buffer.from([7, 0, 0, 0]),
    Buffer.from('12345678', 'latin1'),
    Buffer.from([0]),
    Buffer.from([capabilities & 0xff, (capabilities >> 8) & 0xff]),
    Buffer.from([45, 2, 0]),
    Buffer.alloc(13),
  ]);
  const header = Buffer.from([payload.length & 0xff, (payload.length >> 8) & 0xff, 0, 0]);
  return Buffer.concat([header, payload]);
}

describe('reading whether a MariaDB/MySQL greeting offers TLS', () => {
  it('finds the TLS capability, or its absence, whatever the length of the server version', () => {
    expect(greetingOffersTls(greeting(0xffff))).toBe(true);
    expect(greetingOffersTls(greeting(0xffff & ~0x0800))).toBe(false);
    expect(greetingOffersTls(greeting(0x0800, '5.7'))).toBe(true);
    expect(greetingOffersTls(greeting(0, '8.0.36-a-much-longer-version-string'))).toBe(false);
  });

  it('leaves anything but a whole greeting to mysql2: an error packet, another protocol, a greeting cut short', () => {
    const error = Buffer.concat([Buffer.from([20, 0, 0, 0, 0xff, 0x10, 0x04]), Buffer.from('Too many connections', 'latin1')]);
    expect(greetingOffersTls(error)).toBe(true);
    expect(greetingOffersTls(Buffer.from([1, 0, 0, 0, 9]))).toBe(true);
    const whole = greeting(0);
    for (const cut of [0, 3, 5, 20, whole.indexOf(0, 5) + 14]) expect(greetingOffersTls(whole.subarray(0, cut))).toBe(true);
    expect(greetingOffersTls(whole.subarray(0, whole.indexOf(0, 5) + 16))).toBe(false);
  });
});
