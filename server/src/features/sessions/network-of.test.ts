import { describe, expect, it } from 'vitest';
import { networkOf } from './network-of';

describe('networkOf', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd::/48'],
    ['2001:0db8:0000:0042:0000:8a2e:0370:7334', '2001:db8:0::/48'],
    ['::1', '0:0:0::/48'],
    ['not an address', null],
  ])('%s → %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });
});
