import { EnvironmentOutlined } from '@ant-design/icons';
import type { CSSProperties, ReactNode } from 'react';
import { buildMapsLink, linkAttributes } from '../lib/format';

/** A link that may lead out of the panel (§5): a web one opens in a new tab, safely. */
export function ExternalLink({ href, children, style }: { href: string; children?: ReactNode; style?: CSSProperties }) {
  return (
    <a {...linkAttributes(href)} style={style}>
      {children ?? href}
    </a>
  );
}

/** An address as a maps search (§9), in a new tab; a dash when there is none. */
export function MapsLink({ address, style }: { address: string | null | undefined; style?: CSSProperties }) {
  if (!address?.trim()) return <>—</>;
  return (
    <ExternalLink href={buildMapsLink(address)} style={style}>
      <EnvironmentOutlined /> {address}
    </ExternalLink>
  );
}
