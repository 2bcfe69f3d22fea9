import { MOBILE_BREAKPOINT_PX } from '@vitrina/contract';
import { useEffect, useState } from 'react';

export type Device = 'desktop' | 'mobile';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export const detectDevice = (): Device => (window.matchMedia(QUERY).matches ? 'mobile' : 'desktop');

export function useDevice(): Device {
  const [device, setDevice] = useState<Device>(detectDevice);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const update = () => setDevice(media.matches ? 'mobile' : 'desktop');
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return device;
}
