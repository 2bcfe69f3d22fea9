import { describe, expect, it } from 'vitest';
import { createOutgoingGuard, isRefusedAddress, isRefusedName, OutgoingRefusedError } from './outgoing-address.js';

describe('the outgoing address rules', () => {
  it('refuses loopback, link-local, private, CGNAT, unspecified, multicast and metadata addresses', () => {
    const refused = [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.20.30.40',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.0.10',
      '100.64.0.1',
      '100.100.100.200',
      '169.254.169.254',
      '192.0.0.192',
      '224.0.0.251',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fc00::5',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
    ];
    for (const address of refused) expect(isRefusedAddress(address), address).toBe(true);
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '203.0.113.5',
      '2a00:1450:4001::1',
      '::ffff:8.8.8.8',
    ]) {
      expect(isRefusedAddress(address), address).toBe(false);
    }
  });

  it('refuses private and metadata names before resolving them', () => {
    for (const name of [
      'localhost',
      'Metadata.Google.Internal.',
      'metadata',
      'db.localhost',
      'printer.local',
      'x.home.arpa',
    ]) {
      expect(isRefusedName(name), name).toBe(true);
    }
    expect(isRefusedName('smtp.gmail.com')).toBe(false);
  });

  it('refuses a name when any of its answers is refused, and connects to the answer it checked', async () => {
    const answers: Record<string, string[]> = {
      'mixed.test': ['203.0.113.5', '192.168.1.1'],
      'public.test': ['203.0.113.9', '2001:db8::9'],
      'relay.test': ['10.0.0.25'],
    };
    const guard = createOutgoingGuard({
      allowHosts: ['10.0.0.0/24'],
      lookup: async (host) =>
        (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    });
    await expect(guard.check('mixed.test')).rejects.toBeInstanceOf(OutgoingRefusedError);
    await expect(guard.check('nowhere.test')).rejects.toMatchObject({ reason: 'unresolved' });
    expect(await guard.check('public.test')).toEqual({ address: '203.0.113.9', servername: 'public.test' });
    // An allowed range lets its addresses through, and only those.
    expect(await guard.check('relay.test')).toEqual({ address: '10.0.0.25', servername: 'relay.test' });
    expect(await guard.check('10.0.0.7')).toEqual({ address: '10.0.0.7', servername: null });
    await expect(guard.check('10.0.1.7')).rejects.toMatchObject({ reason: 'refused_address' });
  });
});
